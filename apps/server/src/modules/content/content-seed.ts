import NEWS_CATEGORY_NAMES from './news-category-names.json' with { type: 'json' };

/**
 * The content a fresh installation starts with: our news categories, a first set of market
 * commentary and product notes (English and Traditional Chinese, some Japanese), announcements
 * and the group's companies. Seeded once each (by slug and language); later edits are kept.
 *
 * The quotes are simulated and wander from their seeded prices, so a story never names a price
 * level ("EUR/USD below 1.08" would be contradicted by the quote beside it): it speaks of moves,
 * in words or percentages. content-seed.test.ts holds the rule.
 */
type CategorySeed = { id: number; key: string; sort: number; names: Record<string, string> };
type NewsSeed = {
  slug: string;
  categoryKey: string;
  art: string;
  publishedAt: string;
  versions: Record<string, { title: string; desc: string; content: string }>;
};
type AnnouncementSeed = {
  slug: string;
  publishedAt: string;
  versions: Record<string, { title: string; content: string }>;
};
type CompanySeed = {
  slug: string;
  name: string;
  art: string;
  url: string;
  subject: string;
  registeredAddress: string;
  location: string;
  email: string;
  sort: number;
};

/** Category names in the 15 languages live in news-category-names.json beside this file. */
export const NEWS_CATEGORIES: CategorySeed[] = [
  {
    id: 1,
    key: 'markets',
    sort: 1,
    names: NEWS_CATEGORY_NAMES.markets,
  },
  {
    id: 2,
    key: 'macro',
    sort: 2,
    names: NEWS_CATEGORY_NAMES.macro,
  },
  {
    id: 3,
    key: 'crypto',
    sort: 3,
    names: NEWS_CATEGORY_NAMES.crypto,
  },
  {
    id: 4,
    key: 'product',
    sort: 4,
    names: NEWS_CATEGORY_NAMES.product,
  },
];

const risk = {
  en: '<p><em>This commentary is general market information, not investment advice. Leveraged products carry a high risk of losing money.</em></p>',
  hk: '<p><em>本評論僅屬一般市場資訊，並不構成投資建議。槓桿產品具有較高的虧損風險。</em></p>',
  jp: '<p><em>本コメントは一般的な市場情報であり、投資助言ではありません。レバレッジ商品には元本を失う高いリスクがあります。</em></p>',
};

export const NEWS: NewsSeed[] = [
  {
    slug: 'fed-holds-dollar-firms',
    categoryKey: 'macro',
    art: 'macro',
    publishedAt: '2026-11-17T19:30:00Z',
    versions: {
      en: {
        title: 'Fed holds rates; the dollar firms as traders trim bets on December cut',
        desc: 'Policymakers kept the target range unchanged and stressed patience, pushing two-year yields higher.',
        content: `<p>The Federal Reserve left its policy rate unchanged on Tuesday and signalled that it wants to see several more months of cooling inflation before easing again. The statement described the labour market as "solid but softening".</p><h3>What moved</h3><ul><li>The dollar index rose about 0.4% in the hour after the decision.</li><li>EUR/USD gave back its gains of the week and GBP/USD gave up its morning gains.</li><li>Two-year Treasury yields climbed as futures priced a smaller chance of a December cut.</li></ul><p>For the next few sessions, the calendar matters more than the statement: retail sales on Thursday and the personal consumption data next week will show whether the Fed's patience is justified.</p>${risk.en}`,
      },
      hk: {
        title: '聯儲局維持利率不變，交易員減少十二月減息押注，美元走強',
        desc: '決策者維持目標區間不變並強調耐心，兩年期孳息率隨之上升。',
        content: `<p>美國聯儲局周二維持政策利率不變，並表示希望再觀察數月通脹回落，才會再次放寬政策。聲明形容勞工市場「穩健但正在降溫」。</p><h3>市場反應</h3><ul><li>議息結果公布後一小時內，美匯指數上升約 0.4%。</li><li>歐元兌美元回吐本周升幅，英鎊兌美元回吐早段升幅。</li><li>期貨市場下調十二月減息機會，兩年期美國國債孳息率上升。</li></ul><p>未來數個交易日，數據比聲明更重要：周四的零售銷售及下周的個人消費數據，將顯示聯儲局的耐心是否合理。</p>${risk.hk}`,
      },
      jp: {
        title: 'FRBが金利据え置き、12月利下げ観測の後退でドル堅調',
        desc: '政策金利の誘導目標は維持され、忍耐を強調する姿勢に米短期債利回りが上昇しました。',
        content: `<p>米連邦準備制度理事会（FRB）は火曜日、政策金利を据え置き、再び緩和に動く前にインフレ鈍化をさらに数か月確認したい考えを示しました。声明は労働市場を「堅調だが減速しつつある」と表現しました。</p><ul><li>決定直後にドル指数は約0.4%上昇しました。</li><li>ユーロドルは今週の上げ幅を失いました。</li></ul><p>今後は木曜日の小売売上高と来週の個人消費支出が焦点です。</p>${risk.jp}`,
      },
    },
  },
  {
    slug: 'gold-nears-record',
    categoryKey: 'markets',
    art: 'commodities',
    publishedAt: '2026-11-16T09:10:00Z',
    versions: {
      en: {
        title: 'Gold edges toward its record as real yields ease',
        desc: 'Central-bank buying and softer real yields keep bullion bid; silver lags but holds its range.',
        content: `<p>Gold extended its advance for a third session, trading within 1% of its all-time high during the London morning. Lower inflation-adjusted yields reduce the cost of holding a metal that pays no interest, and official-sector demand has stayed firm all year.</p><h3>Levels traders are watching</h3><ul><li>The previous record high, where profit-taking stopped the last two rallies.</li><li>The short-term moving average below, which has held every pull-back since September.</li></ul><p>Silver has lagged, held back by weaker industrial demand, and platinum remains range-bound. A strong US jobs figure on Friday would be the clearest risk to the rally.</p>${risk.en}`,
      },
      hk: {
        title: '實質孳息率回落，金價逼近歷史高位',
        desc: '央行持續買入及實質孳息率回軟支持金價；白銀表現落後但維持區間。',
        content: `<p>金價連升第三個交易日，倫敦早段一度距離歷史高位不足 1%。經通脹調整後的孳息率下降，減低持有不生息貴金屬的成本，而各國央行全年的需求亦保持強勁。</p><h3>交易員關注的水平</h3><ul><li>上一個歷史高位：過去兩輪升勢均在此遇到獲利回吐。</li><li>下方的短期移動平均線：自九月以來每次回調均在此獲得支持。</li></ul><p>受工業需求轉弱拖累，白銀表現落後，鉑金則維持區間上落。周五若美國就業數據強勁，將是金價升勢的最大風險。</p>${risk.hk}`,
      },
    },
  },
  {
    slug: 'bitcoin-etf-inflows',
    categoryKey: 'crypto',
    art: 'crypto',
    publishedAt: '2026-11-15T14:00:00Z',
    versions: {
      en: {
        title: 'Bitcoin steadies as spot ETF inflows resume',
        desc: "Three days of net inflows calm the market after last week's leverage flush; ether follows.",
        content: `<p>Bitcoin recovered most of last week's losses after US spot exchange-traded funds reported three consecutive days of net inflows. The sell-off that preceded it was driven largely by the liquidation of leveraged long positions, and funding rates on perpetual futures have since returned to neutral.</p><p>Ether tracked the move with a smaller gain, while trading volumes across major pairs stayed below their monthly average, a sign that many participants are still waiting on the sidelines.</p><h3>Why it matters for CFD traders</h3><p>Crypto trades around the clock, including weekends, when liquidity is thinner and gaps are more common. Setting a stop-loss when you open a position is the simplest way to cap the downside.</p>${risk.en}`,
      },
      hk: {
        title: '現貨 ETF 資金回流，比特幣企穩',
        desc: '連續三日錄得淨流入，市場在上周槓桿平倉潮後回穩；以太幣跟隨上升。',
        content: `<p>美國現貨交易所買賣基金連續三日錄得淨流入後，比特幣收復上周大部分跌幅。此前的拋售主要由槓桿好倉被強制平倉引發，永續期貨的資金費率其後已回復中性。</p><p>以太幣跟隨上升但幅度較小，主要幣種的成交量仍低於月內平均，顯示不少參與者仍在觀望。</p><h3>對差價合約交易者的意義</h3><p>加密貨幣全天候交易，包括周末；周末流動性較低，跳空亦較常見。開倉時設定止損，是限制虧損最簡單的方法。</p>${risk.hk}`,
      },
    },
  },
  {
    slug: 'eurusd-ecb-caution',
    categoryKey: 'macro',
    art: 'macro',
    publishedAt: '2026-11-13T12:45:00Z',
    versions: {
      en: {
        title: "EUR/USD: what the ECB's cautious tone means for the euro",
        desc: 'The ECB kept its options open; the rate gap with the US still favours the dollar in the near term.',
        content: `<p>The European Central Bank held its deposit rate and repeated that decisions will be taken "meeting by meeting". President's remarks on slowing wage growth were read as leaving the door open to a further cut early next year.</p><p>For EUR/USD the key driver remains the interest-rate gap with the United States. While US rates stay higher for longer, rallies in the pair have tended to fade near the top of this quarter's range.</p><h3>The week ahead</h3><ul><li>Flash PMI surveys for the euro area on Friday.</li><li>German Ifo business climate on Monday.</li></ul>${risk.en}`,
      },
      hk: {
        title: '歐元兌美元：歐洲央行審慎語調對歐元的影響',
        desc: '歐洲央行保留政策彈性；短期內美歐息差仍然利好美元。',
        content: `<p>歐洲央行維持存款利率不變，並重申會「逐次會議」作出決定。行長對工資增長放緩的評論，被市場解讀為明年初仍有再減息的空間。</p><p>歐元兌美元的主要推動力仍是美歐息差。只要美國利率維持高企，匯價的反彈往往在本季區間頂部附近回落。</p><h3>下周焦點</h3><ul><li>周五公布的歐元區採購經理指數初值。</li><li>周一公布的德國 Ifo 商業景氣指數。</li></ul>${risk.hk}`,
      },
    },
  },
  {
    slug: 'oil-opec-supply',
    categoryKey: 'markets',
    art: 'commodities',
    publishedAt: '2026-11-11T07:20:00Z',
    versions: {
      en: {
        title: 'Oil slips as OPEC+ signals a gradual return of supply',
        desc: 'Brent and WTI fall for a second day; inventories and Chinese demand are the swing factors.',
        content: `<p>Crude prices fell after OPEC+ delegates indicated that the group will begin restoring withheld output in small monthly steps from the first quarter. Brent and West Texas Intermediate both lost more than 1% over two sessions.</p><p>The market is balancing two forces: a steady rise in non-OPEC production on one side, and the risk of supply disruptions on the other. Weekly US inventory figures on Wednesday and November trade data from China will set the tone.</p>${risk.en}`,
      },
      hk: {
        title: '油組+示意逐步恢復供應，油價回落',
        desc: '布蘭特及 WTI 期油連跌兩日；庫存及中國需求是關鍵變數。',
        content: `<p>油組+代表表示，組織將由第一季起以每月小幅度逐步恢復減產的產量，原油價格隨即下跌。布蘭特及西德州中質原油兩個交易日內均跌逾 1%。</p><p>市場正在平衡兩股力量：一方面非油組產量穩步上升，另一方面供應中斷的風險仍在。周三公布的美國每周庫存數據及中國十一月貿易數據將主導走勢。</p>${risk.hk}`,
      },
    },
  },
  {
    slug: 'usdjpy-intervention-watch',
    categoryKey: 'markets',
    art: 'markets',
    publishedAt: '2026-11-09T03:15:00Z',
    versions: {
      en: {
        title: 'USD/JPY: traders watch for intervention signals as the yen slides',
        desc: 'Verbal warnings from Tokyo grow louder; volatility in the yen is rising from very low levels.',
        content: `<p>The yen weakened for a fifth session, back toward the area where Japan intervened in the past. Japan's top currency diplomat said authorities are watching moves "with a high sense of urgency", language that has often preceded action.</p><p>Implied volatility on one-week options has risen from very low levels, showing that traders are paying more for protection against a sudden reversal. Positions held over the Tokyo session carry the most risk of a sharp move.</p>${risk.en}`,
      },
      hk: {
        title: '日圓持續走弱：交易員留意干預訊號',
        desc: '日本當局口頭警告升級；日圓波動率由極低水平回升。',
        content: `<p>日圓兌美元連跌第五個交易日，回到過往當局曾入市干預的區域。日本最高匯率官員表示，當局正以「高度緊迫感」監察匯價走勢，這類措辭過往經常出現在實際行動之前。</p><p>一周期權的引伸波幅由極低水平回升，反映交易員願意付出更高成本防範匯價突然逆轉。在東京時段持有的倉位，面對急劇波動的風險最大。</p>${risk.hk}`,
      },
      jp: {
        title: '円安続く、介入シグナルに警戒',
        desc: '当局の口先介入が強まり、円のボラティリティは低水準から上昇しています。',
        content: `<p>円は続落し、過去に介入が行われた水準に近づいています。財務官は「高い緊張感を持って」注視していると述べました。</p><p>短期オプションのインプライド・ボラティリティは低水準から上昇しています。</p>${risk.jp}`,
      },
    },
  },
  {
    slug: 'pending-orders-one-step',
    categoryKey: 'product',
    art: 'product',
    publishedAt: '2026-11-06T10:00:00Z',
    versions: {
      en: {
        title: 'New: pending orders with stop-loss and take-profit in one step',
        desc: 'Set your entry price, leverage and exit levels together; margin is reserved only when you place the order.',
        content: `<p>You can now place a pending order at your target price and attach a stop-loss and a take-profit in the same form. The order waits until the market reaches your price and opens automatically.</p><h3>How it works</h3><ol><li>On the trade page, choose <strong>Pending</strong> and enter the target price.</li><li>Choose lots and leverage; the form shows the margin and the fee before you confirm.</li><li>Optionally set stop-loss and take-profit levels (0 leaves them unset).</li></ol><p>A pending order can be cancelled at any time before it fills, and the reserved margin and fee return to your balance at once.</p>`,
      },
      hk: {
        title: '全新功能：一步設定掛單、止損及止盈',
        desc: '同時設定入場價、槓桿及離場水平；只在落單時預留保證金。',
        content: `<p>您現在可以在目標價格落掛單，並在同一表格內設定止損及止盈。掛單會等待市價到達您的價格後自動開倉。</p><h3>使用方法</h3><ol><li>在交易頁選擇<strong>掛單</strong>並輸入目標價格。</li><li>選擇手數及槓桿；確認前表格會顯示所需保證金及手續費。</li><li>可選擇設定止損及止盈水平（填 0 即不設定）。</li></ol><p>掛單成交前可隨時取消，預留的保證金及手續費會即時退回您的餘額。</p>`,
      },
    },
  },
  {
    slug: 'demo-account-practice',
    categoryKey: 'product',
    art: 'product',
    publishedAt: '2026-11-02T08:00:00Z',
    versions: {
      en: {
        title: 'Practise risk-free with a 100,000 USDT demo account',
        desc: 'Try every feature with virtual money and live simulated prices, and reset the account whenever you like.',
        content: `<p>Every visitor can open a demo account with one tap, no registration needed. It comes with 100,000 USDT of virtual money and uses the same live prices, charts and order types as a real account.</p><ul><li>Demo and real money never mix: profits and losses on a demo account are virtual.</li><li>You can reset the demo account from your personal center at any time; open positions are closed and the balance returns to 100,000 USDT.</li></ul><p>When you are ready, register a real account to deposit, verify your identity and trade with real funds.</p>`,
      },
      hk: {
        title: '以 100,000 USDT 模擬帳戶零風險練習',
        desc: '以虛擬資金及實時模擬價格體驗所有功能，並可隨時重設帳戶。',
        content: `<p>所有訪客只需輕按一下即可開立模擬帳戶，無需註冊。帳戶內有 100,000 USDT 虛擬資金，並使用與真實帳戶相同的實時價格、圖表及訂單類型。</p><ul><li>模擬與真實資金完全分開：模擬帳戶的盈虧均屬虛擬。</li><li>您可隨時在個人中心重設模擬帳戶；持倉會被平倉，餘額回復至 100,000 USDT。</li></ul><p>準備好後，註冊真實帳戶即可入金、完成實名認證並以真實資金交易。</p>`,
      },
    },
  },
];

export const ANNOUNCEMENTS: AnnouncementSeed[] = [
  {
    slug: 'restricted-countries',
    publishedAt: '2026-11-01T00:00:00Z',
    versions: {
      en: {
        title: 'Countries where our services are not offered',
        content:
          '<p>Meridian does not offer its services to residents of North Korea, Israel, China, Vanuatu and Cuba. Accounts found to be opened from these countries will be closed and any balance returned to its source.</p>',
      },
      hk: {
        title: '不提供服務的國家及地區',
        content:
          '<p>Meridian 不向北韓、以色列、中國、瓦努阿圖及古巴的居民提供服務。如發現帳戶由上述國家開立，帳戶將被關閉，餘額將退回原來的付款來源。</p>',
      },
    },
  },
  {
    slug: 'security-reminder',
    publishedAt: '2026-11-08T00:00:00Z',
    versions: {
      en: {
        title: 'Security reminder: we never ask for your password or codes',
        content:
          '<p>Meridian staff, including customer service, will never ask for your password, your verification codes or remote access to your device. Only use the chat inside the app or the e-mail addresses shown on the company page.</p><p>If someone contacts you claiming to be from Meridian and asks for these details, please report it to our complaints address.</p>',
      },
      hk: {
        title: '安全提示：我們絕不會索取您的密碼或驗證碼',
        content:
          '<p>Meridian 職員（包括客服）絕不會向您索取密碼、驗證碼或要求遙距控制您的裝置。請只使用應用程式內的客服對話或公司頁面列出的電郵地址。</p><p>如有人自稱 Meridian 職員並索取上述資料，請向我們的投訴電郵舉報。</p>',
      },
    },
  },
  {
    slug: 'weekend-maintenance-nov',
    publishedAt: '2026-11-14T00:00:00Z',
    versions: {
      en: {
        title: 'Scheduled maintenance on Saturday 21 November',
        content:
          '<p>Deposits, withdrawals and account settings will be unavailable on Saturday 21 November from 02:00 to 04:00 UTC while we upgrade our systems. Forex and index markets are closed at that time; crypto trading continues, but pending order changes may be delayed by a few minutes.</p>',
      },
      hk: {
        title: '11 月 21 日（星期六）系統維護',
        content:
          '<p>我們將於 11 月 21 日（星期六）UTC 02:00 至 04:00 升級系統，期間入金、出金及帳戶設定將暫停。外匯及指數市場屆時休市；加密貨幣交易如常進行，但掛單修改可能延遲數分鐘。</p>',
      },
    },
  },
  {
    slug: 'year-end-hours',
    publishedAt: '2026-11-18T00:00:00Z',
    versions: {
      en: {
        title: 'Trading hours around the year-end holidays',
        content:
          '<p>Forex, metals and index markets close early on 24 and 31 December and stay closed on 25 December and 1 January. Crypto markets trade as usual. Liquidity is usually thinner around the holidays, so spreads may widen.</p>',
      },
      hk: {
        title: '年終假期交易時間',
        content:
          '<p>外匯、貴金屬及指數市場於 12 月 24 日及 31 日提早收市，並於 12 月 25 日及 1 月 1 日休市。加密貨幣市場如常交易。假期前後流動性通常較低，點差或會擴闊。</p>',
      },
    },
  },
];

export const COMPANIES: CompanySeed[] = [
  {
    slug: 'meridian-markets',
    name: 'Meridian Markets Ltd',
    art: 'entity-markets',
    url: 'https://www.meridian-markets.com',
    subject: 'Group holding company and operator of the Meridian trading app for retail clients',
    registeredAddress: 'Level 18, Meridian Tower, 88 Queensway, Admiralty, Hong Kong',
    location: 'Level 18, Meridian Tower, 88 Queensway, Admiralty, Hong Kong',
    email: 'support@meridian-markets.com',
    sort: 1,
  },
  {
    slug: 'meridian-global-europe',
    name: 'Meridian Global Markets (Europe) Ltd',
    art: 'entity-europe',
    url: 'https://eu.meridian-markets.com',
    subject: 'Forex and CFD brokerage for clients in the European Economic Area',
    registeredAddress: '12 Anexartisias Street, 3040 Limassol, Cyprus',
    location: '12 Anexartisias Street, 3040 Limassol, Cyprus',
    email: 'eu.support@meridian-markets.com',
    sort: 2,
  },
  {
    slug: 'meridian-asia-pacific',
    name: 'Meridian Asia Pacific Pte. Ltd.',
    art: 'entity-asia',
    url: 'https://apac.meridian-markets.com',
    subject: 'Client services, payments and market data for the Asia-Pacific region',
    registeredAddress: '20 Collyer Quay, #14-01, Singapore 049319',
    location: '20 Collyer Quay, #14-01, Singapore 049319',
    email: 'apac.support@meridian-markets.com',
    sort: 3,
  },
  {
    slug: 'meridian-digital-assets',
    name: 'Meridian Digital Assets Ltd',
    art: 'entity-digital',
    url: 'https://digital.meridian-markets.com',
    subject: 'Digital-asset custody and the crypto deposit and withdrawal channels',
    registeredAddress: 'Level 3, Ebene Tower 2, Cybercity, Ebène 72201, Mauritius',
    location: 'Level 3, Ebene Tower 2, Cybercity, Ebène 72201, Mauritius',
    email: 'digital@meridian-markets.com',
    sort: 4,
  },
  {
    slug: 'meridian-global-technology',
    name: 'Meridian Global Technology Ltd',
    art: 'entity-global',
    url: 'https://tech.meridian-markets.com',
    subject: 'Develops and runs the trading platform, price feeds and apps for the group',
    registeredAddress: '30 Crown Place, London EC2A 4ES, United Kingdom',
    location: '30 Crown Place, London EC2A 4ES, United Kingdom',
    email: 'tech@meridian-markets.com',
    sort: 5,
  },
];
