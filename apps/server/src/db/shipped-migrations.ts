/**
 * Every migration that has shipped, in order, with its journal time and the SHA-256 of its SQL.
 * Shops' databases have run these, so they never change: a schema change is a new migration
 * (`npm run db:generate -w @habi/server`), appended here. `migration-guard.test.ts` holds the
 * folder to this list.
 */
export const SHIPPED_MIGRATIONS = [
  {
    tag: '0000_init',
    when: 1795365169152,
    sha256: '1ba67e90bac886afd3cccf386a43cc4d078f109724c3a89ff3743cfc18e6b759',
  },
  {
    tag: '0001_throttle',
    when: 1795447022602,
    sha256: '9bc3a95b865e6193e3bd8f134f096708e5c677d07cc3c198f6ac3353220bcadc',
  },
  {
    tag: '0002_images',
    when: 1795448492717,
    sha256: '16b630bbc8be1b854894bafe6659142c1014b5716f71be0c93466e5a440b96fc',
  },
  {
    tag: '0003_stock',
    when: 1795455838121,
    sha256: '52dfac0101852550bed36d8d14d24c73281adfd103db86b8e2b29f1b495af720',
  },
  {
    tag: '0004_search',
    when: 1795459044186,
    sha256: '2167ea361316b9be519c26eac1f9172beca432ee16aa760f2c43c9d53be785f9',
  },
  {
    tag: '0005_catalogue_version',
    when: 1795469450945,
    sha256: 'cc18af1339d172f03e714cf87973703a711fc1d144ae012f38e99388c9952b2c',
  },
  {
    tag: '0006_outbox',
    when: 1795469664979,
    sha256: '444abbae87b73b78cbbaef49282720bf4c94e8c86c2b542aaffa66a36ca42f34',
  },
  {
    tag: '0007_discounts',
    when: 1795469855189,
    sha256: '327cee268657d7d3ee260cfec123e647b8349a52d9866547368dc2e171e87c7b',
  },
  {
    tag: '0008_subscribers',
    when: 1795488323323,
    sha256: '7ae022a6be49a2233bc5161273f75e113d9be06a87e2b67ba0b1eca0fad94fd8',
  },
  {
    tag: '0009_product_sales',
    when: 1795490080775,
    sha256: 'd78746947958e46e852966bc98305e1b8700877276f3ddfc75d052936f9fff6e',
  },
  {
    tag: '0010_product_sales_counting',
    when: 1795490081630,
    sha256: '0ce28209228876ab008eb9a5baa77b1ddff84a9cc179b878341bdc03e04475f0',
  },
  {
    tag: '0011_sales_version',
    when: 1795490619210,
    sha256: 'ed9d398a1d222308b7d11e7a1ea47185f1a553c981335fc5894d49aa522d86ed',
  },
  {
    tag: '0012_version_once_per_transaction',
    when: 1795494123603,
    sha256: 'cb362c1bebd94c0d3df035ad53504eaa9b19cb6db8b5ed977bbac74f47adee8b',
  },
  {
    tag: '0013_products_version',
    when: 1795619688457,
    sha256: 'cf12f8acd8aeeed0b920b3c45049ad23eb4dc2c93703b1629db36d86eafbd38d',
  },
  {
    tag: '0014_product_updated_at',
    when: 1795624460201,
    sha256: '94a9a39ce41cfb21fc3d245f6a1e6b81f9da38559ce81c00cd3305d8dd931cea',
  },
  {
    tag: '0015_category_price',
    when: 1795688966389,
    sha256: '87cb404021707fca82e47168705338d7f5e67203b72f4ea80a1ec6c6ffd2fb31',
  },
  {
    tag: '0016_sign_in_waiters',
    when: 1795792572057,
    sha256: 'ae147527f23fad8d22322b95b73c1d941880298f50cd96263324b55e032ce533',
  },
  {
    tag: '0017_subscribers_erased',
    when: 1795793310099,
    sha256: 'a602936e38804892db2b9ba6879832392cbbbc8ba235aa7ef55c88b91324aba1',
  },
  {
    tag: '0018_payments',
    when: 1795804939595,
    sha256: 'f4128ac0df7489d2d4f0d01bd2f4ed332967eb958fd7f837e030037f19e54a97',
  },
  {
    tag: '0019_paymongo_refunds',
    when: 1795812231370,
    sha256: '83df2617fbb012a36c0dbacb5a1bc52be6a746053004e4a7108bd4ea934fcbd3',
  },
  {
    tag: '0020_password_resets',
    when: 1795812589006,
    sha256: '262500dd572526d1db2d06ba2724efef55879ca3d58e4bc8e0d5a0fa750afaf6',
  },
  {
    tag: '0021_session_details',
    when: 1795812597110,
    sha256: 'b22322d604a01995b33ff7d3e66f2e99105a88e6c868a7062271c27cb573c422',
  },
  {
    tag: '0022_shipments',
    when: 1795813633842,
    sha256: 'ed8cb00a3ef0bef853a0b92ed12b1a3ac482d6d6cfed849a41139e9b3c22c3b6',
  },
  {
    tag: '0023_pages_read_payment_settings',
    when: 1795813929634,
    sha256: 'f435b363b4e4dddc551a7158ec42ce1db0e131f209417d468d4354167f141b94',
  },
  {
    tag: '0024_versions_notify_the_embedded_store',
    when: 1795814234081,
    sha256: 'a8fa6dd0953b1fe39b0bbc27becfb5d6e14b09c1e57d591ea9100f511b6825ed',
  },
  {
    tag: '0025_outbox_secrets',
    when: 1795824500091,
    sha256: 'a1235958b438fef02d1e17236d78ebc96d4d37d1696882b2cba380fa160ef10c',
  },
  {
    tag: '0026_size_charts',
    when: 1795828962564,
    sha256: 'ebfa7304f2fda5e755ed7021c5d4f667b05181462ef49c3d860972d3a3ef2a74',
  },
  {
    tag: '0027_returns',
    when: 1795829390722,
    sha256: '7f035b32e938d0b527913005dedb06864ba84d62b8a6005028157c2e5897af1b',
  },
  {
    tag: '0028_email_verification',
    when: 1795829860908,
    sha256: 'b56ab744455f8c3fd9ea4f7c2415a231c40635904e932ae0a10d2e3b606798ae',
  },
  {
    tag: '0029_address_parts',
    when: 1795837857482,
    sha256: 'b60f08c18d33ffa62f0d4b5a3b87d73240bd8fcf50232afa306467e011f31936',
  },
  {
    tag: '0030_staff_roles',
    when: 1795838761731,
    sha256: '6d0a532bfd2ccd76f648a5bde028d900b3cb2609eb1fd23a359c548854bd3275',
  },
  {
    tag: '0031_dashboard_rollup',
    when: 1795838968490,
    sha256: 'aaaafacf1f760849b8028cb71a221cc153eac83a542288416f5c5582ba0f5756',
  },
  {
    tag: '0032_skus',
    when: 1795839395749,
    sha256: '09fb54f5cc9402301fd1891f538670aafcf34c2679ef3074916bd0f6e6d5dc7b',
  },
  {
    tag: '0033_audit_log',
    when: 1795854503594,
    sha256: '75279646d6feb7521d80ce4288d8da1e591b5e77f52f624bbddcc54e584af071',
  },
];
