/**
 * Texts whose analysis must be identical in Node (where the index is built), workerd (where queries
 * are analysed) and Chromium: Chinese and Japanese word segmentation comes from each runtime's ICU,
 * and a difference would make a query miss the very words the index holds.
 */
export const SEGMENT_SAMPLES: ReadonlyArray<{ text: string; lang: string }> = [
  { text: '如何配置路由和中间件？使用 app.get() 注册路由处理程序。', lang: 'zh-cn' },
  { text: '静态资源由 Workers 提供，索引包在第一次请求时加载。', lang: 'zh-cn' },
  { text: 'ルーターの設定方法：getStaticPaths() で動的ルートを生成します。', lang: 'ja' },
  { text: 'ミドルウェアはリクエストとレスポンスの間で実行されます。', lang: 'ja' },
  { text: '라우팅을 설정하는 방법을 알아보세요.', lang: 'ko' },
  { text: 'Configure getStaticPaths, c.json() and snake_case_option in the café.', lang: 'en' },
];

/** The expected analyses, file name in the generated site (written by prepare-site in Node). */
export const SEGMENT_EXPECTED_FILE = 'segment-expected.json';
