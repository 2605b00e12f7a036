/** English texts of the notifications page: each kind of notification written from its stored facts. */
export const enNotifications = {
  notifications: {
    title: 'Notifications',
    intro: 'What happened on your accounts and your profile, newest first. We also e-mail you each of these.',
    empty: 'No notifications yet. We will tell you here when money moves on your accounts, when the bank decides one of your requests, and when someone signs in from a new device.',
    unread: 'Unread',
    markRead: 'Mark as read',
    markAllRead: 'Mark all as read',
    markFailed: 'Could not mark it as read. Please try again.',
    listLabel: 'Your notifications',
    newer: 'Newer',
    older: 'Older',
    pages: 'Page {{page, digits}} of {{pages, digits}}',
    headings: {
      'new-device': 'Sign-in from a new device',
      'password-changed': 'Password changed',
      'profile-changed': 'Profile changed',
      'transfer-out': 'Money sent',
      'transfer-in': 'Money received',
      'loan-repaid': 'Loan repayment',
      'request-approved': 'Request approved',
      'request-declined': 'Request declined',
      'card-cancelled': 'Card cancelled',
      'second-factor-throttled': 'Wrong codes stopped',
      'two-factor-on': 'Two-step verification turned on',
      'two-factor-replaced': 'Authenticator app replaced',
      'two-factor-off': 'Two-step verification turned off',
      'phone-verified': 'Mobile number verified for SMS codes',
      'recovery-codes-renewed': 'New recovery codes',
      'payment-settled': 'Payment arrived',
      'payment-rejected': 'Payment refused',
      'payment-returned': 'Payment returned',
      'term-deposit-matured': 'Deposit matured',
      'dps-instalment-retrying': 'DPS instalment not taken yet',
      'dps-instalment-missed': 'DPS instalment missed',
      'dps-defaulted': 'DPS defaulted',
    },
    texts: {
      'new-device': 'Someone signed in to your online banking from a device not used in the last 90 days: {{device}}, internet address {{address}}. If this was not you, change your password at once.',
      'password-changed': 'Your password was changed from the internet address {{address}}, and every other device was signed out. If this was not you, call us at once.',
      'profile-changed': 'Your profile was changed: {{fields}}. If this was not you, call us at once.',
      'transfer-out': 'You sent {{amount}} from account {{accountId, digits}} to {{counterpartyName}} (account {{counterpartyAccountId, digits}}).',
      'transfer-in': '{{counterpartyName}} (account {{counterpartyAccountId, digits}}) sent {{amount}} to your account {{accountId, digits}}.',
      'transfer-in-group':
        'You received {{count, digits}} transfers since {{firstAt}}, {{total}} in all. The latest: {{counterpartyName}} (account {{counterpartyAccountId, digits}}) sent {{amount}} to your account {{accountId, digits}}. Your statement lists each of them.',
      'loan-repaid': 'You paid {{amount}} toward your loan from account {{accountId, digits}}. Still to repay: {{outstanding}}.',
      'loan-repaid-full': 'You paid {{amount}} from account {{accountId, digits}}: your loan is fully repaid.',
      'payment-settled': 'The {{amount}} you sent from account {{accountId, digits}} reached {{receiverName}} ({{bank}}, account {{receiverAccount, digits}}).',
      'payment-rejected':
        'Your payment of {{amount}} to {{receiverName}} ({{bank}}, account {{receiverAccount, digits}}) was refused: {{reason}}. {{back}} is back in your account {{accountId, digits}}.',
      'payment-returned':
        'Your payment of {{amount}} to {{receiverName}} ({{bank}}, account {{receiverAccount, digits}}) came back: {{reason}}. {{back}} is back in your account {{accountId, digits}}.',
      'term-deposit-matured': {
        schemes: { fdr: 'FDR', dps: 'DPS' },
        paid: 'Your {{scheme}} matured on {{day}}: {{paid}} was paid into your account {{accountId, digits}} (interest {{interest}}, less source tax {{tax}}).',
        'renewed-principal':
          'Your FDR matured on {{day}} and was renewed for the same term with its principal; its interest after source tax, {{paid}}, was paid into your account {{accountId, digits}}.',
        'renewed-all': 'Your FDR matured on {{day}} and was renewed for the same term with its interest: the new FDR holds {{paid}} (interest {{interest}}, less source tax {{tax}}).',
      },
      'dps-instalment-retrying':
        'Instalment {{instalment, digits}} of your DPS ({{amount}}, due {{due}}) could not be taken from your account {{accountId, digits}}. It will be tried again at the close of each day until {{lastTry}}: keep {{amount}} in the account by then, or it is missed.',
      'dps-instalment-missed': {
        missed: 'Instalment {{instalment, digits}} of your DPS ({{amount}}, due {{due}}) was not in your account {{accountId, digits}} by its last try: it is missed and will not be taken later.',
        left: 'Instalments missed so far: {{missedCount, digits}}. Up to {{missesLeft, digits}} more may be missed; one more than that defaults the scheme.',
        last: 'Instalments missed so far: {{missedCount, digits}}. One more missed instalment and the scheme is defaulted.',
      },
      'dps-defaulted':
        'Instalment {{instalment, digits}} of your DPS ({{amount}}, due {{due}}) was missed: {{missedCount, digits}} are now missed, more than the {{missesAllowed, digits}} allowed, so the scheme is defaulted. No more instalments will be taken. The {{paidCount, digits}} paid are paid into your account {{accountId, digits}} on {{maturity}} with interest at the early-closure rate of {{rate}} a year, less source tax; you may close it before then at the same rate.',
      'card-cancelled': 'The bank cancelled your {{cardType}} card for account {{accountId, digits}}. It can no longer be used.',
      'second-factor-throttled': {
        address:
          'After several wrong codes for your two-step verification from the internet address {{address}}, we stopped taking codes from there for about {{minutes}} minutes. Your own devices work as usual.',
        'new-places':
          'After several wrong codes for your two-step verification from devices you have not signed in from before (lastly {{address}}), we stopped taking codes from new devices for about {{minutes}} minutes. Your own devices work as usual.',
        everywhere: 'After many wrong codes for your two-step verification (lastly from {{address}}), we stopped taking codes for your account for about {{minutes}} minutes, from every device.',
        ifNotYou: 'A code is asked only after the right password: if this was not you, change your password at once and call us.',
      },
      'two-factor-on': 'Two-step verification was turned on from the internet address {{address}}, and every other device was signed out. If this was not you, call us at once.',
      'two-factor-replaced': 'Your authenticator app was replaced by a new one from the internet address {{address}}, and every other device was signed out. If this was not you, call us at once.',
      'two-factor-off':
        'Two-step verification was turned off from the internet address {{address}}: sign-in now asks for your password only. If this was not you, change your password at once and call us.',
      'phone-verified':
        'The mobile number {{phoneNumber, digits}} was verified from the internet address {{address}}: codes that confirm large transfers now go to it by SMS. If this was not you, change your password at once and call us.',
      'recovery-codes-renewed': 'New recovery codes were made from the internet address {{address}}; the old ones no longer work. If this was not you, change your password at once and call us.',
      approved: {
        account: 'Your account {{accountId, digits}} is open: the bank approved your request.',
        card: 'Your {{cardType}} card for account {{accountId, digits}} was approved and issued.',
        loan: 'Your loan of {{amount}} was approved and paid into your account {{accountId, digits}}.',
        deposit: 'Your deposit of {{amount}} was approved and credited to your account {{accountId, digits}}.',
      },
      declined: {
        account: 'The bank declined your request to open account {{accountId, digits}}.',
        card: 'The bank declined your {{cardType}} card request for account {{accountId, digits}}.',
        loan: 'The bank declined your loan application of {{amount}} for account {{accountId, digits}}.',
        deposit: 'The bank declined your deposit request of {{amount}} for account {{accountId, digits}}.',
      },
      reason: 'Reason: {{reason}}.',
      note: 'The bank’s note: {{note}}',
    },
    fields: { name: 'name', image: 'photo', and: 'name and photo' },
    cardTypes: { debit: 'debit', credit: 'credit' },
    bell: { label: 'Notifications', unread: 'Notifications ({{count}} unread)' },
  },
} as const;
