// AliExpress as its buyers' browsers see it: the product page `https://www.aliexpress.com/item/<id>.html`
// and the feedback JSON the page loads, `https://feedback.aliexpress.com/pc/searchEvaluation.do`.
// Shapes and their sources: README.md.
import { seedProduct, type SeedReview } from './seed';
import type { Answer } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "19 Sep 2024", as `evalDate` reads */
const evalDate = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const cdn = (name: string) => `https://ae01.alicdn.com/kf/${name}.jpg`;
/** "Emma Johnson" -> "E***n": AliExpress shows buyers' names masked */
const masked = (name: string) => `${name[0]}***${name[name.length - 1]}`;

/** Hosts that serve AliExpress product pages. */
export function isAliExpressPageHost(host: string): boolean {
  return /^(?:[a-z]{2,3}\.|www\.|m\.)?aliexpress\.(?:com|us)$/.test(host);
}

function evaluation(r: SeedReview) {
  return {
    aigc: false,
    anonymous: r.anonymous,
    buyerAddFbDays: 0,
    buyerCountry: r.country,
    buyerEval: r.rating * 20,
    buyerFbType: { crowdSourcingPersonName: 'AliExpress Shopper', sourceLang: 'en', typeTranslationAccepted: 'crowdsourcing' },
    buyerFeedback: r.text,
    buyerGender: r.index % 2 ? 'F' : 'M',
    buyerName: r.anonymous ? 'AliExpress Shopper' : masked(r.author),
    buyerProductFeedBack: '',
    buyerTranslationFeedback: r.english,
    downVoteCount: 0,
    evalDate: evalDate(r.date),
    // written as a bare integer above 2^53 (see toJson): a JSON.parse reader loses its last digits
    evaluationId: `__int__${r.id}`,
    evaluationIdStr: r.id,
    ...(r.photos.length ? { images: r.photos.map(cdn), thumbnails: r.photos.map((p) => `${cdn(p)}_220x220.jpg`) } : {}),
    logistics: 'AliExpress Selection Standard',
    skuInfo: `${r.variant.replace(': ', ':')} Ships From:CHINA `,
    status: '1',
    trendyol: false,
    upVoteCount: r.helpful,
  };
}

function toJson(body: unknown): string {
  return JSON.stringify(body).replace(/"__int__(\d+)"/g, '$1');
}

/** GET feedback.aliexpress.com/pc/searchEvaluation.do */
export function searchEvaluation(query: URLSearchParams): Answer {
  const product = seedProduct('aliexpress', query.get('productId') ?? '');
  const filter = query.get('filter') ?? 'all';
  const all = product?.reviews ?? [];
  const matching = all.filter((r) => (filter === 'image' ? r.photos.length > 0 : /^[1-5]$/.test(filter) ? r.rating === Number(filter) : true));
  const pageSize = Math.min(50, Math.max(1, Number(query.get('pageSize')) || 10));
  const totalPage = Math.ceil(matching.length / pageSize);
  const asked = Math.max(1, Number(query.get('page')) || 1);
  // Past the last page the endpoint wraps around and answers page 1 again (never an empty page).
  const page = totalPage && asked > totalPage ? ((asked - 1) % totalPage) + 1 : asked;
  const stars = (n: number) => all.filter((r) => r.rating === n).length;
  const data = {
    currentPage: page,
    pageSize,
    totalNum: matching.length,
    totalPage,
    productEvaluationStatistic: {
      evarageStar: all.length ? Math.round((all.reduce((s, r) => s + r.rating, 0) / all.length) * 10) / 10 : 0,
      totalNum: all.length,
      fiveStarNum: stars(5),
      fourStarNum: stars(4),
      threeStarNum: stars(3),
      twoStarNum: stars(2),
      oneStarNum: stars(1),
    },
    evaViewList: matching.slice((page - 1) * pageSize, page * pageSize).map(evaluation),
  };
  return { status: 200, type: 'application/json;charset=UTF-8', body: toJson({ data }) };
}

/** GET <www|xx>.aliexpress.<com|us>/item/<id>.html */
export function productPage(path: string): Answer | undefined {
  const m = /^\/item\/(?:[^/]*-)?(\d{6,20})\.html$/.exec(path);
  if (!m) return undefined;
  const product = seedProduct('aliexpress', m[1]);
  if (!product)
    return {
      status: 404,
      type: 'text/html;charset=UTF-8',
      body: '<!doctype html><title>404 Page Not Found - AliExpress</title><h1>Sorry, the page you requested can not be found:(</h1>',
    };
  return {
    status: 200,
    type: 'text/html;charset=UTF-8',
    body:
      `<!doctype html><html><head><title>${product.title} - AliExpress</title><meta property="og:title" content="${product.title}"></head>` +
      `<body><h1 data-pl="product-title">${product.title}</h1><a href="#nav-review">${product.reviews.length} Reviews</a></body></html>`,
  };
}
