import { describe, expect, it } from 'vitest';
import { buildMessage, MessageError, parseMessage, parseMessageOf, type CreditTransfer, type Message } from './messages';

const at = new Date('2026-11-25T08:30:00.000Z');
const transfer: CreditTransfer = {
  type: 'pacs.008',
  messageId: 'PADMA20261125000001',
  createdAt: at,
  rail: 'NPSB',
  endToEndId: 'E2E-0001',
  transactionId: 'TX-0001',
  amountPoisha: 150_050n,
  debtor: { name: 'Karim Hossain & Sons', account: '1002003004' },
  debtorAgent: 'PADMA',
  creditor: { name: 'করিম হোসেন', account: '01711000001' },
  creditorAgent: 'BKASH',
  remittanceInformation: 'Rent <November>',
};

const samples: Message[] = [
  transfer,
  { type: 'pacs.002', messageId: 'S1', createdAt: at, originalMessageId: 'M1', originalMessageType: 'pacs.008', originalEndToEndId: 'E1', status: 'ACSC', clearingReference: 'CH2026112500000001' },
  {
    type: 'pacs.002',
    messageId: 'S2',
    createdAt: at,
    originalMessageId: 'M1',
    originalMessageType: 'pacs.004',
    originalEndToEndId: 'E1',
    status: 'RJCT',
    reason: { code: 'AC04', text: 'The account is closed' },
  },
  {
    type: 'pacs.004',
    messageId: 'R1',
    createdAt: at,
    rail: 'BEFTN',
    returnId: 'RT1',
    originalMessageId: 'M1',
    originalEndToEndId: 'E1',
    amountPoisha: 99n,
    reason: { code: 'AC01' },
    instructingAgent: 'DBBL',
    instructedAgent: 'PADMA',
  },
  { type: 'pacs.028', messageId: 'Q1', createdAt: at, originalMessageId: 'M1' },
  { type: 'acmt.023', messageId: 'N1', createdAt: at, assigner: 'PADMA', assignee: 'NAGAD', account: '01811000001' },
  { type: 'acmt.024', messageId: 'V1', createdAt: at, originalMessageId: 'N1', account: '01811000001', verified: true, name: 'Shirin Sultana' },
  { type: 'acmt.024', messageId: 'V2', createdAt: at, originalMessageId: 'N1', account: '01811000009', verified: false, reason: { code: 'AC01' } },
  { type: 'camt.060', messageId: 'A1', createdAt: at, participant: 'PADMA', from: new Date('2026-11-24T18:00:00.000Z'), to: at },
  {
    type: 'camt.053',
    messageId: 'T1',
    createdAt: at,
    statementId: 'PADMA-1',
    participant: 'PADMA',
    from: new Date('2026-11-24T18:00:00.000Z'),
    to: at,
    openingPoisha: 0n,
    closingPoisha: -150_050n,
    entries: [
      { amountPoisha: 150_050n, direction: 'DBIT', bookedAt: at, rail: 'NPSB', kind: 'payment', messageId: 'M1', endToEndId: 'E1', clearingReference: 'CH1' },
      { amountPoisha: 10n, direction: 'CRDT', bookedAt: at, rail: 'BEFTN', kind: 'return', messageId: 'R1', endToEndId: 'E2', clearingReference: 'CH2' },
    ],
  },
  { type: 'camt.053', messageId: 'T2', createdAt: at, statementId: 'PADMA-2', participant: 'PADMA', from: at, to: at, openingPoisha: 0n, closingPoisha: 0n, entries: [] },
];

function transferXml(change: (xml: string) => string): string {
  return change(buildMessage(transfer));
}

function fieldOf(xml: string): string {
  try {
    parseMessage(xml);
  } catch (error) {
    if (error instanceof MessageError) return error.field;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('ISO 20022 messages', () => {
  it.each(samples.map((message) => [message.type, message] as const))('%s survives a build and a parse unchanged', (_type, message) => {
    expect(parseMessage(buildMessage(message))).toEqual(message);
  });

  it('writes the namespace of the message and escapes text', () => {
    const xml = buildMessage(transfer);
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"');
    expect(xml).toContain('Rent &lt;November&gt;');
    expect(xml).toContain('<IntrBkSttlmAmt Ccy="BDT">1500.50</IntrBkSttlmAmt>');
  });

  it('keeps an account number with leading zeros as text', () => {
    const parsed = parseMessageOf(buildMessage({ ...transfer, creditor: { name: 'A', account: '0002633054321' } }), 'pacs.008');
    expect(parsed.creditor.account).toBe('0002633054321');
  });

  it('names the element that is missing or malformed', () => {
    expect(fieldOf(transferXml((xml) => xml.replace(/<EndToEndId>.*<\/EndToEndId>/, '')))).toBe('/Document/FIToFICstmrCdtTrf/CdtTrfTxInf/PmtId/EndToEndId');
    expect(fieldOf(transferXml((xml) => xml.replace('Ccy="BDT"', 'Ccy="USD"')))).toBe('/Document/FIToFICstmrCdtTrf/CdtTrfTxInf/IntrBkSttlmAmt/@Ccy');
    expect(fieldOf(transferXml((xml) => xml.replace('1500.50', '1500.505')))).toBe('/Document/FIToFICstmrCdtTrf/CdtTrfTxInf/IntrBkSttlmAmt');
    expect(fieldOf(transferXml((xml) => xml.replace('1500.50', '0.00')))).toBe('/Document/FIToFICstmrCdtTrf/CdtTrfTxInf/IntrBkSttlmAmt');
    expect(fieldOf(transferXml((xml) => xml.replace('1500.50', '-5')))).toBe('/Document/FIToFICstmrCdtTrf/CdtTrfTxInf/IntrBkSttlmAmt');
    expect(fieldOf(transferXml((xml) => xml.replace('<Prtry>NPSB</Prtry>', '<Prtry>SWIFT</Prtry>')))).toBe('/Document/FIToFICstmrCdtTrf/GrpHdr/SttlmInf/ClrSys/Prtry');
    expect(fieldOf(transferXml((xml) => xml.replace('01711000001', '017 1100')))).toBe('/Document/FIToFICstmrCdtTrf/CdtTrfTxInf/CdtrAcct/Id/Othr/Id');
    expect(fieldOf(transferXml((xml) => xml.replace('PADMA20261125000001', 'X'.repeat(36))))).toBe('/Document/FIToFICstmrCdtTrf/GrpHdr/MsgId');
    expect(fieldOf(transferXml((xml) => xml.replace('<NbOfTxs>1</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>')))).toBe('/Document/FIToFICstmrCdtTrf/GrpHdr/NbOfTxs');
    expect(fieldOf(transferXml((xml) => xml.replace(/<CreDtTm>[^<]*<\/CreDtTm>/, '<CreDtTm>yesterday</CreDtTm>')))).toBe('/Document/FIToFICstmrCdtTrf/GrpHdr/CreDtTm');
  });

  it('refuses a rejection without its reason, and an unknown reason code', () => {
    const rejected = buildMessage({
      type: 'pacs.002',
      messageId: 'S',
      createdAt: at,
      originalMessageId: 'M',
      originalMessageType: 'pacs.008',
      originalEndToEndId: 'E',
      status: 'RJCT',
      reason: { code: 'AC01' },
    });
    expect(fieldOf(rejected.replace(/<StsRsnInf>[\s\S]*<\/StsRsnInf>/, ''))).toBe('/Document/FIToFIPmtStsRpt/TxInfAndSts/StsRsnInf');
    expect(fieldOf(rejected.replace('<Cd>AC01</Cd>', '<Cd>ZZ99</Cd>'))).toBe('/Document/FIToFIPmtStsRpt/TxInfAndSts/StsRsnInf/Rsn/Cd');
    expect(fieldOf(rejected.replace('<TxSts>RJCT</TxSts>', '<TxSts>DONE</TxSts>'))).toBe('/Document/FIToFIPmtStsRpt/TxInfAndSts/TxSts');
  });

  it('refuses what is not XML, a foreign namespace, the wrong type and an oversized document', () => {
    expect(fieldOf('<Document><unclosed></Document>')).toBe('Document');
    expect(fieldOf(buildMessage(transfer).replace('pacs.008.001.08"', 'pain.001.001.09"'))).toBe('Document/@xmlns');
    expect(() => parseMessageOf(buildMessage(transfer), 'pacs.002')).toThrow(MessageError);
    expect(fieldOf(transferXml((xml) => xml.replace('Rent &lt;November&gt;', 'x'.repeat(70_000))))).toBe('Document');
  });
});
