import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { poishaToDecimalString } from '../../shared/money';
import { rails, type Rail } from '../../shared/bank-directory';

/**
 * The ISO 20022 messages the switch and its participants exchange, in their XML form: each is built
 * from a plain object and parsed back into one, and parsing validates every field either side
 * relies on (a missing or malformed one is a MessageError naming the element's path). The raw
 * text is what both sides store; these objects are only how code reads it.
 */
export const namespaces = {
  'pacs.008': 'urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08',
  'pacs.002': 'urn:iso:std:iso:20022:tech:xsd:pacs.002.001.10',
  'pacs.004': 'urn:iso:std:iso:20022:tech:xsd:pacs.004.001.09',
  'pacs.028': 'urn:iso:std:iso:20022:tech:xsd:pacs.028.001.03',
  'acmt.023': 'urn:iso:std:iso:20022:tech:xsd:acmt.023.001.03',
  'acmt.024': 'urn:iso:std:iso:20022:tech:xsd:acmt.024.001.03',
  'camt.060': 'urn:iso:std:iso:20022:tech:xsd:camt.060.001.05',
  'camt.053': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08',
} as const;
export type MessageType = keyof typeof namespaces;

const roots: Record<MessageType, string> = {
  'pacs.008': 'FIToFICstmrCdtTrf',
  'pacs.002': 'FIToFIPmtStsRpt',
  'pacs.004': 'PmtRtr',
  'pacs.028': 'FIToFIPmtStsReq',
  'acmt.023': 'IdVrfctnReq',
  'acmt.024': 'IdVrfctnRpt',
  'camt.060': 'AcctRptgReq',
  'camt.053': 'BkToCstmrStmt',
};

/** The status reason codes the switch and the wallets answer with (ISO ExternalStatusReason1Code). */
export const reasonCodes = {
  AC01: 'Incorrect account number',
  AC04: 'Closed account',
  AC06: 'Blocked account',
  AG03: 'Transaction type not supported by the receiver',
  AM02: 'Amount above the allowed maximum or below the minimum',
  AM04: 'Insufficient funds',
  AM05: 'Duplication',
  DU01: 'Message id already used for another message',
  FF01: 'Invalid message format',
  MS03: 'Reason not specified',
  NARR: 'Name does not match the account',
  RC01: 'Unknown bank identifier',
  TM01: 'Received after the cut-off time',
} as const;
export type ReasonCode = keyof typeof reasonCodes;
export type Reason = { code: ReasonCode; text?: string };

export type TransactionStatus = 'ACSP' | 'ACSC' | 'RJCT';
export type Party = { name: string; account: string };

export type CreditTransfer = {
  type: 'pacs.008';
  messageId: string;
  createdAt: Date;
  rail: Rail;
  endToEndId: string;
  transactionId: string;
  amountPoisha: bigint;
  debtor: Party;
  debtorAgent: string;
  creditor: Party;
  creditorAgent: string;
  remittanceInformation?: string;
};

export type StatusReport = {
  type: 'pacs.002';
  messageId: string;
  createdAt: Date;
  originalMessageId: string;
  originalMessageType: 'pacs.008' | 'pacs.004';
  originalEndToEndId: string;
  status: TransactionStatus;
  reason?: Reason;
  /** The switch's own reference for the payment, quoted on statements. */
  clearingReference?: string;
};

export type PaymentReturn = {
  type: 'pacs.004';
  messageId: string;
  createdAt: Date;
  rail: Rail;
  returnId: string;
  originalMessageId: string;
  originalEndToEndId: string;
  amountPoisha: bigint;
  reason: Reason;
  /** Who returns the money (the original creditor's agent) and who receives it back. */
  instructingAgent: string;
  instructedAgent: string;
};

export type StatusRequest = { type: 'pacs.028'; messageId: string; createdAt: Date; originalMessageId: string };

export type NameEnquiry = { type: 'acmt.023'; messageId: string; createdAt: Date; assigner: string; assignee: string; account: string };

export type NameEnquiryReport = {
  type: 'acmt.024';
  messageId: string;
  createdAt: Date;
  originalMessageId: string;
  account: string;
  verified: boolean;
  name?: string;
  reason?: Reason;
};

export type StatementRequest = { type: 'camt.060'; messageId: string; createdAt: Date; participant: string; from: Date; to: Date };

export type StatementEntry = {
  amountPoisha: bigint;
  direction: 'CRDT' | 'DBIT';
  bookedAt: Date;
  rail: Rail;
  kind: 'payment' | 'return';
  /** The message id of the pacs.008 or pacs.004 that moved the money, and its end-to-end id. */
  messageId: string;
  endToEndId: string;
  clearingReference: string;
};

export type Statement = {
  type: 'camt.053';
  messageId: string;
  createdAt: Date;
  statementId: string;
  participant: string;
  from: Date;
  to: Date;
  openingPoisha: bigint;
  closingPoisha: bigint;
  entries: StatementEntry[];
};

export type Message = CreditTransfer | StatusReport | PaymentReturn | StatusRequest | NameEnquiry | NameEnquiryReport | StatementRequest | Statement;

export class MessageError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** Limits from the ISO types (Max35Text identifiers, Max140Text names) and this switch's accounts. */
export const identifierLengthMax = 35;
export const nameLengthMax = 140;
export const remittanceLengthMax = 140;
export const messageBytesMax = 64 * 1024;
const accountPattern = /^[0-9A-Za-z-]{1,34}$/;
const amountPattern = /^\d{1,15}(\.\d{1,2})?$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'Ntry' || name === 'Bal',
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '  ' });

type Node = Record<string, unknown>;

function agent(code: string): Node {
  return { FinInstnId: { Othr: { Id: code } } };
}
function account(id: string): Node {
  return { Id: { Othr: { Id: id } } };
}
function amount(poisha: bigint): Node {
  return { '@Ccy': 'BDT', '#text': poishaToDecimalString(poisha) };
}
function settlement(rail: Rail): Node {
  return { SttlmMtd: 'CLRG', ClrSys: { Prtry: rail } };
}
function reasonNode(reason: Reason): Node {
  return { Rsn: { Cd: reason.code }, ...(reason.text ? { AddtlInf: reason.text } : {}) };
}

function documentOf(type: MessageType, body: Node): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ Document: { '@xmlns': namespaces[type], [roots[type]]: body } }) as string}`;
}

export function buildMessage(message: Message): string {
  switch (message.type) {
    case 'pacs.008':
      return documentOf('pacs.008', {
        GrpHdr: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString(), NbOfTxs: '1', SttlmInf: settlement(message.rail) },
        CdtTrfTxInf: {
          PmtId: { EndToEndId: message.endToEndId, TxId: message.transactionId },
          IntrBkSttlmAmt: amount(message.amountPoisha),
          ChrgBr: 'SLEV',
          Dbtr: { Nm: message.debtor.name },
          DbtrAcct: account(message.debtor.account),
          DbtrAgt: agent(message.debtorAgent),
          CdtrAgt: agent(message.creditorAgent),
          Cdtr: { Nm: message.creditor.name },
          CdtrAcct: account(message.creditor.account),
          ...(message.remittanceInformation ? { RmtInf: { Ustrd: message.remittanceInformation } } : {}),
        },
      });
    case 'pacs.002':
      return documentOf('pacs.002', {
        GrpHdr: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString() },
        OrgnlGrpInfAndSts: { OrgnlMsgId: message.originalMessageId, OrgnlMsgNmId: originalName(message.originalMessageType) },
        TxInfAndSts: {
          OrgnlEndToEndId: message.originalEndToEndId,
          TxSts: message.status,
          ...(message.reason ? { StsRsnInf: reasonNode(message.reason) } : {}),
          ...(message.clearingReference ? { ClrSysRef: message.clearingReference } : {}),
        },
      });
    case 'pacs.004':
      return documentOf('pacs.004', {
        GrpHdr: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString(), NbOfTxs: '1', SttlmInf: settlement(message.rail) },
        TxInf: {
          RtrId: message.returnId,
          OrgnlGrpInf: { OrgnlMsgId: message.originalMessageId, OrgnlMsgNmId: originalName('pacs.008') },
          OrgnlEndToEndId: message.originalEndToEndId,
          RtrdIntrBkSttlmAmt: amount(message.amountPoisha),
          RtrRsnInf: reasonNode(message.reason),
          InstgAgt: agent(message.instructingAgent),
          InstdAgt: agent(message.instructedAgent),
        },
      });
    case 'pacs.028':
      return documentOf('pacs.028', {
        GrpHdr: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString() },
        TxInf: { OrgnlGrpInf: { OrgnlMsgId: message.originalMessageId, OrgnlMsgNmId: originalName('pacs.008') } },
      });
    case 'acmt.023':
      return documentOf('acmt.023', {
        Assgnmt: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString(), Assgnr: { Agt: agent(message.assigner) }, Assgne: { Agt: agent(message.assignee) } },
        Vrfctn: { Id: '1', PtyAndAcctId: { Acct: { Othr: { Id: message.account } } } },
      });
    case 'acmt.024':
      return documentOf('acmt.024', {
        Assgnmt: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString() },
        OrgnlAssgnmt: { MsgId: message.originalMessageId },
        Rpt: {
          OrgnlId: '1',
          Vrfctn: message.verified ? 'true' : 'false',
          ...(message.reason ? { Rsn: { Cd: message.reason.code } } : {}),
          UpdtdPtyAndAcctId: { ...(message.name ? { Pty: { Nm: message.name } } : {}), Acct: { Othr: { Id: message.account } } },
        },
      });
    case 'camt.060':
      return documentOf('camt.060', {
        GrpHdr: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString() },
        RptgReq: {
          ReqdMsgNmId: 'camt.053.001.08',
          Acct: account(message.participant),
          RptgPrd: { FrToDt: { FrDtTm: message.from.toISOString(), ToDtTm: message.to.toISOString() } },
        },
      });
    case 'camt.053':
      return documentOf('camt.053', {
        GrpHdr: { MsgId: message.messageId, CreDtTm: message.createdAt.toISOString() },
        Stmt: {
          Id: message.statementId,
          FrToDt: { FrDtTm: message.from.toISOString(), ToDtTm: message.to.toISOString() },
          Acct: account(message.participant),
          Bal: [balance('OPBD', message.openingPoisha, message.from), balance('CLBD', message.closingPoisha, message.to)],
          Ntry: message.entries.map(entryNode),
        },
      });
  }
}

function originalName(type: 'pacs.008' | 'pacs.004'): string {
  return type === 'pacs.008' ? 'pacs.008.001.08' : 'pacs.004.001.09';
}

function balance(code: 'OPBD' | 'CLBD', poisha: bigint, at: Date): Node {
  return {
    Tp: { CdOrPrtry: { Cd: code } },
    Amt: amount(poisha < 0n ? -poisha : poisha),
    CdtDbtInd: poisha < 0n ? 'DBIT' : 'CRDT',
    Dt: { DtTm: at.toISOString() },
  };
}

function entryNode(entry: StatementEntry): Node {
  return {
    Amt: amount(entry.amountPoisha),
    CdtDbtInd: entry.direction,
    Sts: { Cd: 'BOOK' },
    BookgDt: { DtTm: entry.bookedAt.toISOString() },
    BkTxCd: { Prtry: { Cd: entry.kind === 'payment' ? 'PMNT' : 'RTRN', Issr: entry.rail } },
    NtryDtls: { TxDtls: { Refs: { MsgId: entry.messageId, EndToEndId: entry.endToEndId, ClrSysRef: entry.clearingReference } } },
  };
}

/** Walks a path of element names; every step must exist. */
class Reader {
  constructor(
    private readonly node: unknown,
    private readonly path: string,
  ) {}

  at(...names: string[]): Reader {
    let current: unknown = this.node;
    let path = this.path;
    for (const name of names) {
      path = `${path}/${name}`;
      if (typeof current !== 'object' || current === null || !(name in current)) throw new MessageError(path, 'is missing');
      current = (current as Node)[name];
    }
    return new Reader(current, path);
  }

  has(name: string): boolean {
    return typeof this.node === 'object' && this.node !== null && name in this.node;
  }

  list(name: string): Reader[] {
    if (!this.has(name)) return [];
    const value = (this.node as Node)[name];
    return (Array.isArray(value) ? value : [value]).map((item, index) => new Reader(item, `${this.path}/${name}[${index}]`));
  }

  text(lengthMax = identifierLengthMax): string {
    const value = typeof this.node === 'object' && this.node !== null ? (this.node as Node)['#text'] : this.node;
    if (typeof value !== 'string' || value.trim() === '') throw new MessageError(this.path, 'must be non-empty text');
    if (value.length > lengthMax) throw new MessageError(this.path, `must be at most ${lengthMax} characters`);
    if (/\p{Cc}/u.test(value)) throw new MessageError(this.path, 'must not contain control characters');
    return value;
  }

  attribute(name: string): string | undefined {
    const value = typeof this.node === 'object' && this.node !== null ? (this.node as Node)[`@${name}`] : undefined;
    return typeof value === 'string' ? value : undefined;
  }

  dateTime(): Date {
    const value = this.text(40);
    const parsed = new Date(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(parsed.getTime())) throw new MessageError(this.path, 'must be an ISO date and time');
    return parsed;
  }

  accountId(): string {
    const value = this.text(34);
    if (!accountPattern.test(value)) throw new MessageError(this.path, 'must be 1 to 34 letters, digits or hyphens');
    return value;
  }

  /** An amount in BDT with at most two decimals, as exact poisha. */
  amountPoisha(): bigint {
    if (this.attribute('Ccy') !== 'BDT') throw new MessageError(`${this.path}/@Ccy`, 'must be BDT');
    const value = this.text(20);
    if (!amountPattern.test(value)) throw new MessageError(this.path, 'must be a decimal amount with at most two decimals');
    const [whole, fraction = ''] = value.split('.');
    const poisha = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
    if (poisha <= 0n) throw new MessageError(this.path, 'must be greater than 0');
    return poisha;
  }

  rail(): Rail {
    const value = this.text();
    if (!rails.includes(value as Rail)) throw new MessageError(this.path, `must be one of ${rails.join(', ')}`);
    return value as Rail;
  }

  agent(): string {
    return this.at('FinInstnId', 'Othr', 'Id').text();
  }

  reason(): Reason {
    const code = this.at('Rsn', 'Cd').text();
    if (!(code in reasonCodes)) throw new MessageError(`${this.path}/Rsn/Cd`, 'is not a known reason code');
    return { code: code as ReasonCode, ...(this.has('AddtlInf') ? { text: this.at('AddtlInf').text(nameLengthMax) } : {}) };
  }
}

/** Parses and validates any of the messages; the type comes from the document's namespace. */
export function parseMessage(xml: string): Message {
  if (Buffer.byteLength(xml) > messageBytesMax) throw new MessageError('Document', `must be at most ${messageBytesMax} bytes`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new MessageError('Document', `is not well-formed XML (${valid.err.msg}, line ${valid.err.line})`);
  const document = new Reader(parser.parse(xml) as unknown, '').at('Document');
  const namespace = document.attribute('xmlns');
  const type = (Object.keys(namespaces) as MessageType[]).find((candidate) => namespaces[candidate] === namespace);
  if (!type) throw new MessageError('Document/@xmlns', 'is not a message this switch exchanges');
  return readers[type](document.at(roots[type]));
}

/** Parses a message that must be of one type (an answer to a request, a delivery to one route). */
export function parseMessageOf<T extends MessageType>(xml: string, type: T): Extract<Message, { type: T }> {
  const message = parseMessage(xml);
  if (message.type !== type) throw new MessageError('Document/@xmlns', `must be ${type}, not ${message.type}`);
  return message as Extract<Message, { type: T }>;
}

const readers: { [T in MessageType]: (root: Reader) => Extract<Message, { type: T }> } = {
  'pacs.008': (root) => {
    const header = root.at('GrpHdr');
    if (header.at('NbOfTxs').text() !== '1') throw new MessageError('/Document/FIToFICstmrCdtTrf/GrpHdr/NbOfTxs', 'must be 1');
    const transaction = root.at('CdtTrfTxInf');
    return {
      type: 'pacs.008',
      messageId: header.at('MsgId').text(),
      createdAt: header.at('CreDtTm').dateTime(),
      rail: header.at('SttlmInf', 'ClrSys', 'Prtry').rail(),
      endToEndId: transaction.at('PmtId', 'EndToEndId').text(),
      transactionId: transaction.at('PmtId', 'TxId').text(),
      amountPoisha: transaction.at('IntrBkSttlmAmt').amountPoisha(),
      debtor: { name: transaction.at('Dbtr', 'Nm').text(nameLengthMax), account: transaction.at('DbtrAcct', 'Id', 'Othr', 'Id').accountId() },
      debtorAgent: transaction.at('DbtrAgt').agent(),
      creditor: { name: transaction.at('Cdtr', 'Nm').text(nameLengthMax), account: transaction.at('CdtrAcct', 'Id', 'Othr', 'Id').accountId() },
      creditorAgent: transaction.at('CdtrAgt').agent(),
      ...(transaction.has('RmtInf') ? { remittanceInformation: transaction.at('RmtInf', 'Ustrd').text(remittanceLengthMax) } : {}),
    };
  },
  'pacs.002': (root) => {
    const transaction = root.at('TxInfAndSts');
    const status = transaction.at('TxSts').text();
    if (status !== 'ACSP' && status !== 'ACSC' && status !== 'RJCT') throw new MessageError('/Document/FIToFIPmtStsRpt/TxInfAndSts/TxSts', 'must be ACSP, ACSC or RJCT');
    const originalName = root.at('OrgnlGrpInfAndSts', 'OrgnlMsgNmId').text();
    if (originalName !== 'pacs.008.001.08' && originalName !== 'pacs.004.001.09')
      throw new MessageError('/Document/FIToFIPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgNmId', 'must name a pacs.008 or pacs.004');
    if (status === 'RJCT' && !transaction.has('StsRsnInf')) throw new MessageError('/Document/FIToFIPmtStsRpt/TxInfAndSts/StsRsnInf', 'is required when the status is RJCT');
    return {
      type: 'pacs.002',
      messageId: root.at('GrpHdr', 'MsgId').text(),
      createdAt: root.at('GrpHdr', 'CreDtTm').dateTime(),
      originalMessageId: root.at('OrgnlGrpInfAndSts', 'OrgnlMsgId').text(),
      originalMessageType: originalName === 'pacs.008.001.08' ? 'pacs.008' : 'pacs.004',
      originalEndToEndId: transaction.at('OrgnlEndToEndId').text(),
      status,
      ...(transaction.has('StsRsnInf') ? { reason: transaction.at('StsRsnInf').reason() } : {}),
      ...(transaction.has('ClrSysRef') ? { clearingReference: transaction.at('ClrSysRef').text() } : {}),
    };
  },
  'pacs.004': (root) => {
    const transaction = root.at('TxInf');
    return {
      type: 'pacs.004',
      messageId: root.at('GrpHdr', 'MsgId').text(),
      createdAt: root.at('GrpHdr', 'CreDtTm').dateTime(),
      rail: root.at('GrpHdr', 'SttlmInf', 'ClrSys', 'Prtry').rail(),
      returnId: transaction.at('RtrId').text(),
      originalMessageId: transaction.at('OrgnlGrpInf', 'OrgnlMsgId').text(),
      originalEndToEndId: transaction.at('OrgnlEndToEndId').text(),
      amountPoisha: transaction.at('RtrdIntrBkSttlmAmt').amountPoisha(),
      reason: transaction.at('RtrRsnInf').reason(),
      instructingAgent: transaction.at('InstgAgt').agent(),
      instructedAgent: transaction.at('InstdAgt').agent(),
    };
  },
  'pacs.028': (root) => ({
    type: 'pacs.028',
    messageId: root.at('GrpHdr', 'MsgId').text(),
    createdAt: root.at('GrpHdr', 'CreDtTm').dateTime(),
    originalMessageId: root.at('TxInf', 'OrgnlGrpInf', 'OrgnlMsgId').text(),
  }),
  'acmt.023': (root) => ({
    type: 'acmt.023',
    messageId: root.at('Assgnmt', 'MsgId').text(),
    createdAt: root.at('Assgnmt', 'CreDtTm').dateTime(),
    assigner: root.at('Assgnmt', 'Assgnr', 'Agt').agent(),
    assignee: root.at('Assgnmt', 'Assgne', 'Agt').agent(),
    account: root.at('Vrfctn', 'PtyAndAcctId', 'Acct', 'Othr', 'Id').accountId(),
  }),
  'acmt.024': (root) => {
    const report = root.at('Rpt');
    const verified = report.at('Vrfctn').text();
    if (verified !== 'true' && verified !== 'false') throw new MessageError('/Document/IdVrfctnRpt/Rpt/Vrfctn', 'must be true or false');
    const updated = report.at('UpdtdPtyAndAcctId');
    if (verified === 'true' && !updated.has('Pty')) throw new MessageError('/Document/IdVrfctnRpt/Rpt/UpdtdPtyAndAcctId/Pty', 'is required when verified');
    return {
      type: 'acmt.024',
      messageId: root.at('Assgnmt', 'MsgId').text(),
      createdAt: root.at('Assgnmt', 'CreDtTm').dateTime(),
      originalMessageId: root.at('OrgnlAssgnmt', 'MsgId').text(),
      account: updated.at('Acct', 'Othr', 'Id').accountId(),
      verified: verified === 'true',
      ...(updated.has('Pty') ? { name: updated.at('Pty', 'Nm').text(nameLengthMax) } : {}),
      ...(report.has('Rsn') ? { reason: report.reason() } : {}),
    };
  },
  'camt.060': (root) => {
    const request = root.at('RptgReq');
    if (request.at('ReqdMsgNmId').text() !== 'camt.053.001.08') throw new MessageError('/Document/AcctRptgReq/RptgReq/ReqdMsgNmId', 'must be camt.053.001.08');
    const from = request.at('RptgPrd', 'FrToDt', 'FrDtTm').dateTime();
    const to = request.at('RptgPrd', 'FrToDt', 'ToDtTm').dateTime();
    if (to.getTime() < from.getTime()) throw new MessageError('/Document/AcctRptgReq/RptgReq/RptgPrd/FrToDt/ToDtTm', 'must not be before FrDtTm');
    return {
      type: 'camt.060',
      messageId: root.at('GrpHdr', 'MsgId').text(),
      createdAt: root.at('GrpHdr', 'CreDtTm').dateTime(),
      participant: request.at('Acct', 'Id', 'Othr', 'Id').text(),
      from,
      to,
    };
  },
  'camt.053': (root) => {
    const statement = root.at('Stmt');
    const balances = statement.list('Bal');
    const balanceOf = (code: string): bigint => {
      const found = balances.find((item) => item.at('Tp', 'CdOrPrtry', 'Cd').text() === code);
      if (!found) throw new MessageError('/Document/BkToCstmrStmt/Stmt/Bal', `must include ${code}`);
      return signed(found);
    };
    return {
      type: 'camt.053',
      messageId: root.at('GrpHdr', 'MsgId').text(),
      createdAt: root.at('GrpHdr', 'CreDtTm').dateTime(),
      statementId: statement.at('Id').text(),
      participant: statement.at('Acct', 'Id', 'Othr', 'Id').text(),
      from: statement.at('FrToDt', 'FrDtTm').dateTime(),
      to: statement.at('FrToDt', 'ToDtTm').dateTime(),
      openingPoisha: balanceOf('OPBD'),
      closingPoisha: balanceOf('CLBD'),
      entries: statement.list('Ntry').map(readEntry),
    };
  },
};

/** A balance of zero is written as 0.00, which the strict amount reader refuses: read it apart. */
function signed(balanceNode: Reader): bigint {
  const amountNode = balanceNode.at('Amt');
  const poisha = amountNode.text(20) === '0.00' ? 0n : amountNode.amountPoisha();
  const indicator = balanceNode.at('CdtDbtInd').text();
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new MessageError('/Document/BkToCstmrStmt/Stmt/Bal/CdtDbtInd', 'must be CRDT or DBIT');
  return indicator === 'DBIT' ? -poisha : poisha;
}

function readEntry(entry: Reader): StatementEntry {
  const direction = entry.at('CdtDbtInd').text();
  if (direction !== 'CRDT' && direction !== 'DBIT') throw new MessageError('/Document/BkToCstmrStmt/Stmt/Ntry/CdtDbtInd', 'must be CRDT or DBIT');
  const code = entry.at('BkTxCd', 'Prtry', 'Cd').text();
  const references = entry.at('NtryDtls', 'TxDtls', 'Refs');
  return {
    amountPoisha: entry.at('Amt').amountPoisha(),
    direction,
    bookedAt: entry.at('BookgDt', 'DtTm').dateTime(),
    rail: entry.at('BkTxCd', 'Prtry', 'Issr').rail(),
    kind: code === 'RTRN' ? 'return' : 'payment',
    messageId: references.at('MsgId').text(),
    endToEndId: references.at('EndToEndId').text(),
    clearingReference: references.at('ClrSysRef').text(),
  };
}
