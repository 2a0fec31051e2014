import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, freePort, serverDir, startServer, tempDataDir, until, watch } from './server-process.ts';

const PROMETHEUS = '/usr/bin/prometheus';
const deploy = (file: string) => path.join(serverDir, '../../deploy', file);

describe('metrics of a running server', () => {
  it('serves /metrics on METRICS_PORT only, which a real Prometheus scrapes', async () => {
    // CI installs Debian's prometheus (.ci/run); a machine without it checks all but the scrape.
    const data = await tempDataDir();
    const metricsPort = await freePort();
    const server = await startServer({ DATA_DIR: data.dir, METRICS_PORT: String(metricsPort) });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    let prometheus: ReturnType<typeof watch> | undefined;
    try {
      await api(server.url, '/api/product/all?limit=1');
      const text = await (await fetch(metricsUrl)).text();
      expect(text).toMatch(
        /^habi_http_requests_total\{route="\/api\/product\/all",method="GET",status_class="2xx"\} [1-9]/m,
      );
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      // Never through the store's own port; nothing else on the metrics port.
      expect((await api(server.url, '/metrics')).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);

      if (!existsSync(PROMETHEUS)) return;
      const check = spawnSync('promtool', ['check', 'config', deploy('prometheus.yml')], {
        encoding: 'utf8',
      });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      const config = path.join(data.dir, 'prometheus.yml');
      await writeFile(
        config,
        `global: { scrape_interval: 1s }\nscrape_configs:\n  - job_name: habi\n    static_configs:\n      - targets: ['127.0.0.1:${metricsPort}']\n`,
      );
      const webPort = await freePort();
      prometheus = watch(
        spawn(PROMETHEUS, [
          `--config.file=${config}`,
          `--storage.tsdb.path=${path.join(data.dir, 'tsdb')}`,
          `--web.listen-address=127.0.0.1:${webPort}`,
        ]),
      );
      const query = async (expr: string) => {
        const response = await fetch(
          `http://127.0.0.1:${webPort}/api/v1/query?query=${encodeURIComponent(expr)}`,
        ).catch(() => null);
        const body = (await response?.json().catch(() => null)) as {
          data?: { result?: { value: [number, string] }[] };
        } | null;
        return body?.data?.result?.[0]?.value[1];
      };
      await until(
        async () => (await query('up{job="habi"}')) === '1',
        'Prometheus to scrape the server',
        30_000,
      );
      expect(Number(await query('sum(habi_http_requests_total)'))).toBeGreaterThan(0);
    } finally {
      prometheus?.child.kill('SIGKILL');
      server.child.kill('SIGKILL');
      await server.exited;
      await data.remove();
    }
  });
});
