/** English texts of the static pages (FAQ, policies, careers, reviews, about us): long, and needed only there. */
export const enStaticPages = {
  staticPages: {
    lastUpdated: 'Last updated: 1 November 2026',
    onThisPage: 'On this page',
    contactCta: 'Still have a question?',
    contactCtaLink: 'Contact us',
    terms: {
      eyebrow: 'Legal',
      title: 'Terms & Conditions',
      intro: 'These terms apply to every account, card, loan and online service of Padma Bank. Please read them carefully: by opening an account or using online banking you agree to them.',
      sections: [
        {
          heading: 'Definitions',
          paragraphs: [
            '“Bank”, “we” and “us” mean Padma Bank. “You” means the customer who holds an account or uses our online services. “Working day” means a day on which banks are open for business in Dhaka.',
          ],
        },
        {
          heading: 'Opening an account',
          paragraphs: [
            'You must be at least 18 years old to open an account, or 16 for a Student Account. We verify your identity with your national ID card and may ask for further documents as Bangladesh Bank’s know-your-customer rules require.',
            'An account request stays pending until our staff approve it. We may decline a request and will tell you when we do.',
          ],
        },
        {
          heading: 'Online banking and your security',
          paragraphs: [
            'Keep your password secret and do not share your device while signed in. You are responsible for instructions given with your password until you tell us that it may be known to someone else.',
            'Tell us at once if you suspect misuse. We will never ask for your password, card PIN or one-time code.',
          ],
        },
        {
          heading: 'Payments and transfers',
          paragraphs: [
            'A transfer is made only from an active account with enough balance, and it goes to the account number you type: the bank shows part of its holder’s name and its type, so check that it is the person you mean before you confirm: a completed transfer cannot be recalled without the receiver’s consent.',
          ],
        },
        {
          heading: 'Deposits',
          paragraphs: [
            'A deposit request is credited to your account once our staff confirm that the funds have arrived. Profit on savings and fixed deposits is paid at the rates published for each account type.',
          ],
        },
        {
          heading: 'Cards',
          paragraphs: [
            'Cards remain the property of the bank. Sign your card on receipt, keep the PIN apart from it, and report a lost or stolen card immediately. You are not liable for payments made after you have reported the loss.',
          ],
        },
        {
          heading: 'Loans',
          paragraphs: [
            'Each loan is offered for 12, 18 or 24 months at the simple interest rate shown before you apply. The total to repay is shown on your loan page, and you may repay early, in part or in full, without a fee.',
          ],
        },
        {
          heading: 'Fees and charges',
          paragraphs: ['Our schedule of charges is available at every branch and on request. Government duties and VAT apply as the law requires and are shown separately on your statement.'],
        },
        {
          heading: 'Changes to these terms',
          paragraphs: [
            'We may change these terms to reflect new law, regulation or services. We will give you at least 30 days’ notice of any material change by e-mail or in online banking, before it takes effect. If you do not accept a change, you may close your account without charge before it applies.',
          ],
        },
        {
          heading: 'Governing law and complaints',
          paragraphs: [
            'These terms are governed by the laws of Bangladesh, and the courts of Dhaka have jurisdiction. If you are unhappy with our service, contact us first: we acknowledge complaints within two working days. If we cannot resolve it, you may refer it to Bangladesh Bank’s Financial Integrity and Customer Services Department.',
          ],
        },
      ],
    },
    faq: {
      eyebrow: 'Help',
      title: 'FAQ',
      intro: 'Answers to the questions our customers ask most often.',
      questions: [
        {
          question: 'How do I open an account online?',
          answer:
            'Register with your e-mail address and a photo, then choose Continue on the home page to fill in the account request. Our staff review it, usually within one working day, and the account appears under My Accounts once approved.',
        },
        {
          question: 'Which documents do I need?',
          answer:
            'Your national ID number, a recent photo, and the name and national ID number of your nominee. For a loan, we also ask for one proof of income, uploaded as a PDF or a photo: a salary certificate, a trade licence or a utility bill.',
        },
        {
          question: 'How long does a transfer take?',
          answer: 'A transfer between two Padma Bank accounts is completed at once, and both balances change in the same moment. You can see it straight away in your statement.',
        },
        {
          question: 'How is loan interest calculated?',
          answer:
            'We charge simple interest on the amount you borrow: 3 % for 12 months, 5 % for 18 months and 7 % for 24 months. The total to repay is the amount plus that interest, shown before you confirm.',
        },
        {
          question: 'What should I do if my card is lost or stolen?',
          answer:
            'Block it at once by calling the number on the back of your card or by visiting a branch. You are not liable for payments made after you report the loss, and we will send you a new card.',
        },
        {
          question: 'Is online banking safe?',
          answer:
            'Yes. Every page is sent encrypted, repeated failed sign-ins are blocked, and we never ask for your password, PIN or one-time code. Always check that the address bar shows our website before you sign in.',
        },
      ],
    },
    accessibility: {
      eyebrow: 'Accessibility',
      title: 'Accessibility Statement',
      intro: 'We want everyone to be able to bank with us online, whatever their ability, device or connection.',
      sections: [
        {
          heading: 'Our standard',
          paragraphs: ['We design and test this website against the Web Content Accessibility Guidelines (WCAG) 2.1, level AA. Every new page is checked before it is released.'],
        },
        {
          heading: 'What you can expect',
          paragraphs: [
            'You can use every page with a keyboard alone, and a “Skip to content” link takes you straight past the menu. Form fields have labels, and errors are announced to screen readers and explained in words, not only in colour.',
            'If your device asks for reduced motion, the moving text and logos on the home page stand still. Pages can be zoomed to 200 % without losing content.',
          ],
        },
        {
          heading: 'Known limitations',
          paragraphs: [
            'The interface is available in English and in Bangla (বাংলা): choose the language at the top of any page. Some older PDF documents may not work well with screen readers: ask us and we will send the content in another format.',
          ],
        },
        {
          heading: 'Tell us how we can do better',
          paragraphs: [
            'If something on this website is hard to use, please tell us through the Contact Us page. We reply within two working days and will help you complete your banking in another way in the meantime.',
          ],
        },
      ],
    },
    privacy: {
      eyebrow: 'Privacy',
      title: 'Privacy & Policy',
      intro: 'This policy explains what personal information we collect, why we need it, and the choices you have.',
      sections: [
        {
          heading: 'What we collect',
          paragraphs: [
            'Your name, e-mail address, phone number, photo, national ID number, address, date of birth and nominee details when you request an account; income, employer and a proof of income (a salary certificate, trade licence or utility bill) when you apply for a loan; and a record of every transaction on your accounts.',
          ],
        },
        {
          heading: 'Why we use it',
          paragraphs: [
            'To open and run your accounts, to confirm your identity, to prevent fraud and money laundering, and to meet the reporting duties of Bangladesh Bank and the law. We do not sell your information, and we do not use it for advertising by others.',
          ],
        },
        {
          heading: 'Who we share it with',
          paragraphs: [
            'Only with those who need it: Bangladesh Bank and other authorities when the law requires, the Credit Information Bureau for loans, and service providers who work for us under contract and confidentiality.',
          ],
        },
        {
          heading: 'Cookies',
          paragraphs: ['We use one cookie, to keep you signed in securely. It cannot be read by scripts on the page, and we use no advertising or tracking cookies.'],
        },
        {
          heading: 'How long we keep it',
          paragraphs: ['Account and transaction records are kept for the period banking law requires after an account is closed. Photos uploaded but never used are deleted after one day.'],
        },
        {
          heading: 'Your rights',
          paragraphs: ['You may ask to see the information we hold about you and to correct anything that is wrong. Write to us through the Contact Us page and we will answer within 30 days.'],
        },
      ],
    },
    legal: {
      eyebrow: 'Legal',
      title: 'Legal Information',
      intro: 'Who we are, who regulates us, and the legal notices that apply to this website.',
      sections: [
        {
          heading: 'About the bank',
          paragraphs: [
            'Padma Bank is a scheduled commercial bank in Bangladesh, founded in 2023, with its head office in Dhaka. We are licensed and supervised by Bangladesh Bank under the Bank Company Act, 1991.',
          ],
        },
        {
          heading: 'Deposit protection',
          paragraphs: [
            'Eligible deposits with Padma Bank are covered by the deposit protection scheme administered by Bangladesh Bank, up to the limit set by law. Ask at any branch for details of the scheme.',
          ],
        },
        {
          heading: 'Anti-money-laundering',
          paragraphs: [
            'We follow the Money Laundering Prevention Act and the Anti-Terrorism Act and the guidance of the Bangladesh Financial Intelligence Unit. We may ask about the source of funds and must report suspicious transactions.',
          ],
        },
        {
          heading: 'Use of this website',
          paragraphs: [
            'The content of this website is for general information and is not financial advice. Rates and charges may change; the figures confirmed to you in writing or in online banking apply. All content, names and marks on this website belong to Padma Bank unless stated otherwise.',
          ],
        },
      ],
    },
    security: {
      eyebrow: 'Security',
      title: 'Security Information',
      intro: 'How we protect your money and your information, and what you can do to stay safe.',
      sections: [
        {
          heading: 'How we protect you',
          paragraphs: [
            'Every connection to online banking is encrypted. Your password is stored only as a one-way hash that even our staff cannot read, your session ends when you sign out, and repeated failed sign-ins are blocked for a while.',
            'Every movement of money is recorded twice, in your account and in the bank’s books, so that balances can always be checked. Staff actions on your requests are logged.',
          ],
        },
        {
          heading: 'What we will never ask',
          paragraphs: ['Padma Bank will never ask for your password, card PIN or one-time code: not by phone, SMS, e-mail or social media. Anyone who asks for them is not us.'],
        },
        {
          heading: 'Protect yourself',
          paragraphs: [
            'Use a long password that you use nowhere else; a short sentence you will remember works well. Keep your phone locked and up to date, and sign out on shared computers.',
            'Type our address yourself instead of following links in messages, and check the address bar before you sign in.',
          ],
        },
        {
          heading: 'Report a problem',
          paragraphs: [
            'If you see a payment you do not recognise or think someone knows your password, change your password and contact us at once. Report a lost card by calling the number on its back.',
          ],
        },
      ],
    },
    careers: {
      eyebrow: 'Careers',
      title: 'Careers',
      intro: 'Help us build a bank that every home in Bangladesh can trust. We are hiring in Dhaka and Chattogram.',
      whyTitle: 'Why work with us',
      why: [
        'Festival bonuses, provident fund and gratuity',
        'Health cover for you and your family',
        'Training budget and time to learn every year',
        'Flexible hours and two remote days a week for office roles',
      ],
      openingsTitle: 'Open positions',
      responsibilities: 'What you will do',
      requirements: 'What you bring',
      openings: [
        {
          title: 'Senior Frontend Engineer',
          team: 'Digital Banking',
          location: 'Dhaka (hybrid)',
          type: 'Full time',
          summary: 'Build the online banking pages used by thousands of customers every day, fast on any phone and accessible to everyone.',
          responsibilities: ['Build new screens in React and TypeScript with tests', 'Review code and mentor two engineers', 'Work with design on accessibility'],
          requirements: ['Five years of web development', 'Strong TypeScript and React', 'Care for accessibility and performance'],
        },
        {
          title: 'Relationship Manager, SME Banking',
          team: 'Business Banking',
          location: 'Chattogram',
          type: 'Full time',
          summary: 'Look after a portfolio of small and medium businesses and help them grow with the right accounts, cards and loans.',
          responsibilities: ['Manage and grow a portfolio of SME customers', 'Assess loan requests and prepare credit proposals', 'Visit customers at their place of business'],
          requirements: ['Three years in SME or retail banking', 'A degree in business, finance or economics', 'Fluent Bangla and good English'],
        },
        {
          title: 'Information Security Analyst',
          team: 'Technology Risk',
          location: 'Dhaka',
          type: 'Full time',
          summary: 'Watch over our systems day and night, respond to incidents and help every team build securely.',
          responsibilities: ['Monitor alerts and lead incident response', 'Run vulnerability scans and follow up fixes', 'Support Bangladesh Bank ICT security audits'],
          requirements: ['Two years in a security operations role', 'Knowledge of networks, Linux and web security', 'A security certification is a plus'],
        },
      ],
      applyTitle: 'How to apply',
      applyBody:
        'Write to us through the Contact Us page with the job title and a few lines about yourself; we reply within two weeks and tell you where to send your CV. Padma Bank is an equal-opportunity employer and never charges a fee to apply.',
    },
    reviews: {
      eyebrow: 'Customers',
      title: 'Customer Reviews',
      intro: 'What our customers say about banking with us.',
      ratingLabel: 'Rated {{rating}} out of 5',
      customerSince: 'Customer since {{year}}',
      items: [
        {
          name: 'Farzana Akter',
          place: 'Mirpur, Dhaka',
          since: '2023',
          rating: 5,
          product: 'Savings Account',
          text: 'I opened my savings account from home on a Friday evening, and it was approved before I reached the office on Sunday. Transfers to my brother in Sylhet arrive the same moment.',
        },
        {
          name: 'Mahmudul Hasan',
          place: 'Agrabad, Chattogram',
          since: '2024',
          rating: 4,
          product: 'Car Loan',
          text: 'The loan page showed exactly what I would repay before I applied, with no surprises later. I would like a Bangla version of the site, and I am told it is coming.',
        },
      ],
    },
    about: {
      eyebrow: 'About',
      title: 'About Us',
      intro: 'Padma Bank was founded in 2023 to make honest, simple banking available to every home in Bangladesh.',
      storyTitle: 'Our story',
      story: [
        'Padma Bank was founded in 2023 in Dhaka by a group of bankers and engineers who believed that opening an account should not take a day off work. We named the bank after the Padma, the river that connects so much of the country.',
        'From the start we built our own online banking, so that customers can request accounts, cards and loans, move money and repay loans from home, with our staff reviewing every request.',
      ],
      factsTitle: 'At a glance',
      facts: [
        { label: 'Founded', value: '2023' },
        { label: 'Head office', value: 'Dhaka' },
        { label: 'Regulated by', value: 'Bangladesh Bank' },
      ],
      valuesTitle: 'What we stand for',
      values: [
        { title: 'Honesty', body: 'Rates, charges and totals are shown before you decide, in plain words.' },
        { title: 'Care', body: 'Real people review every request and answer every message.' },
        { title: 'Safety', body: 'Every taka is recorded twice and every account is protected.' },
      ],
    },
  },
} as const;
