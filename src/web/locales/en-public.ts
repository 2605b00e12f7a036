/** English texts of the public site (home sections, tax calculator, catalogue pages). */
export const enPublic = {
  home2: {
    documentTitle: 'Banking for every home in Bangladesh',
    bannerEyebrow: 'Padma Bank online',
    typingPrefix: 'With Padma Bank you can',
    typingPhrases: [
      'open a savings account from home.',
      'send money to any Padma account in seconds.',
      'request a debit or credit card online.',
      'apply for a car, home or student loan.',
      'keep every taka safe, day and night.',
    ],
    bannerBody: 'Tell us about yourself once, and our team reviews your account request within one working day. No queue, no paperwork to carry.',
    continueHint: 'Start your account request',
    bannerPoints: ['Regulated by Bangladesh Bank', 'Encrypted from your screen to our servers', 'Staff review every request'],
    paymentsTitle: 'Pay and get paid your way',
    paymentsIntro: 'Your Padma account works with the ways Bangladesh pays today: wallets, cards, the national interbank switch, QR codes and money from abroad.',
    carouselLabel: 'Ways to pay with Padma Bank',
    slideLabel: '{{position}} of {{total}}',
    pause: 'Pause the logos',
    play: 'Play the logos',
    pauseTyping: 'Pause the moving text',
    playTyping: 'Play the moving text',
    paymentLogos: {
      mobileWallet: 'Mobile wallet top-up and cash-out',
      debitCard: 'Debit card',
      creditCard: 'Credit card',
      npsb: 'NPSB interbank transfer',
      bankTransfer: 'Bank transfer',
      qrPay: 'QR payment',
      contactless: 'Contactless payment',
      remittance: 'Inward remittance',
    },
    whatsNewTitle: 'What’s New',
    whatsNewIntro: 'What we have added to online banking this year.',
    whatsNew: [
      {
        date: 'Jan 2023',
        dateTime: '2023-01',
        title: 'Virtual Financial Assistant',
        body: 'Ask questions about your accounts, cards and loans in plain words, any time of day, and get an answer or a call back from our team.',
      },
      {
        date: 'Feb 2023',
        dateTime: '2023-02',
        title: 'Real-time Fraud Alerts',
        body: 'We watch every card payment and transfer as it happens and alert you at once when something looks unusual, so you can stop it before money leaves.',
      },
      {
        date: 'Feb 2023',
        dateTime: '2023-02',
        title: 'Personalized Financial Recommendations',
        body: 'Suggestions that fit your own spending and saving: when a fixed deposit would earn you more, or when a card would cost you less.',
      },
    ],
    planningTitle: 'Financial Planning',
    planningIntro: 'A little planning today makes the years ahead calmer. Start with the area that matters most to you.',
    planning: [
      {
        title: 'Retirement',
        body: 'Put aside a fixed share of every salary, even 10 %, from your first job. A fixed deposit renewed each year grows steadily and keeps your savings apart from daily spending.',
      },
      {
        title: 'Investment',
        body: 'Decide what each taka is for before you invest it. Money you need within two years belongs in savings or a fixed deposit; only money you can leave alone longer should take more risk.',
      },
      {
        title: 'Tax',
        body: 'Keep your salary certificates, bank statements and investment papers together through the year. Use the calculator on this page for a first estimate before you file your return.',
      },
    ],
    securityTitle: 'Security',
    securityIntro: 'Your money and your data are protected by people and by technology, every hour of the day.',
    security: [
      {
        title: 'Fraud Detection and Prevention',
        body: 'Every payment is checked against your usual pattern as it happens. Repeated failed sign-ins are slowed down, and our team calls you before any suspicious transfer goes through.',
      },
      {
        title: 'Data Encryption',
        body: 'Everything between your browser and our servers travels encrypted. Passwords are stored only as one-way hashes, and we never show more than the last four digits of a card.',
      },
    ],
    educationTitle: 'Financial Education',
    educationIntro: 'Short, practical lessons for every stage of life.',
    education: [
      {
        title: 'Savings Tips',
        body: 'Pay yourself first: move your savings on salary day, before spending begins. Build an emergency fund worth three to six months of household costs.',
      },
      {
        title: 'Investment Strategies',
        body: 'Spread your money across several kinds of investment, invest a fixed amount every month, and think in years, not weeks. Never invest money you will need next month.',
      },
      {
        title: 'Financial Planning 101',
        body: 'Write down what comes in and what goes out for one month. Then set one goal with an amount and a date, and review it every quarter.',
      },
    ],
  },

  tax: {
    title: 'Income tax calculator',
    intro: 'Type your yearly salary to see a quick estimate of the tax on it.',
    salary: 'Salary',
    salaryHint: 'Your yearly salary in BDT, for example 3,50,000',
    placeholder: 'salary more than 1 Lac',
    calculate: 'Calculate',
    emptyResult: 'Your estimate will appear here.',
    resultLabel: 'Estimated tax',
    resultDetail: '{{rate}} % of {{salary}}',
    noTax: 'No tax on a salary of {{salary}}',
    bracketsTitle: 'Rates used',
    bracketSalary: 'Yearly salary',
    bracketRate: 'Rate',
    bracketUpTo: 'Up to {{amount}}',
    bracketAbove: 'Above {{amount}}',
    disclaimer: 'An estimate only: one rate applies to the whole salary. Your actual income tax depends on the slabs, rebates and exemptions of the year; please confirm with a tax adviser.',
  },

  team: {
    title: 'Meet the team',
    intro: 'The people who design, build and protect Padma Bank online.',
    opensInNewTab: 'opens in a new tab',
    profileOn: '{{name}} on {{site}}',
    github: 'GitHub',
    linkedin: 'LinkedIn',
    members: [
      { id: 'tahmid', name: 'Tahmid Rahman', role: 'Head of Digital Banking', bio: 'Leads the online banking team and sets what we build next, from account opening to loans.' },
      { id: 'nusrat', name: 'Nusrat Jahan', role: 'Lead Software Engineer', bio: 'Keeps every taka accounted for: she designed our ledger, transfers and statements.' },
      { id: 'arif', name: 'Arif Hossain', role: 'Security Engineer', bio: 'Protects sign-in, encryption and fraud alerts, and tests our defences every week.' },
      { id: 'sadia', name: 'Sadia Afrin', role: 'Product Designer', bio: 'Makes banking pages clear and easy to use on any phone, for every customer.' },
    ],
  },

  catalogueDetail: {
    notFoundTitle: 'We could not find this type',
    notFoundBody: 'We do not offer this type. Choose one from the menu.',
    notFoundHome: 'Back to Home',
  },
} as const;
