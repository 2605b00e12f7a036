/**
 * Every scheduled bank in Bangladesh and the four mobile wallets that take NPSB payments: the
 * switch and the bank both read this one list.
 *
 * Where the data comes from: the banks, their groups and their names in English and Bangla are
 * Bangladesh Bank's list of scheduled banks as it stood in 2025, written down from memory (there
 * was no network to check it against). In 2025 Bangladesh Bank announced the merger of First
 * Security, Global, Union, EXIM and Social Islami into one bank (Sammilito Islami Bank); they are
 * listed apart until staff replace them. Which rails a bank takes is this project's assumption:
 * every commercial bank takes all three, the specialised and most foreign banks BEFTN and RTGS
 * only. Every routing number here is INVENTED (the bank codes too): they have the real shape
 * (bank code, district code, branch code, check digit) so that validation is exercised, and each
 * entry says `routingNumberInvented: true` so that none passes for a real one. Replace them with
 * Bangladesh Bank's routing-number list before any real use.
 */
/** The three interbank rails Bangladesh Bank runs. */
export const rails = ['NPSB', 'BEFTN', 'RTGS'] as const;
export type Rail = (typeof rails)[number];

export const participantKinds = ['bank', 'wallet'] as const;
export type ParticipantKind = (typeof participantKinds)[number];
export const bankGroups = ['state-owned', 'specialised', 'private', 'islamic', 'foreign', 'wallet'] as const;
export type BankGroup = (typeof bankGroups)[number];

export type DirectoryEntry = {
  /** The participant's code on the switch: upper-case letters and digits, unique. */
  code: string;
  kind: ParticipantKind;
  group: BankGroup;
  nameEn: string;
  nameBn: string;
  rails: readonly Rail[];
  /** BEFTN routing number of the head office (nine digits, the last a check digit); banks only. */
  headOfficeRoutingNumber?: string;
  routingNumberInvented?: true;
};

const allRails: readonly Rail[] = ['NPSB', 'BEFTN', 'RTGS'];
const batchAndGross: readonly Rail[] = ['BEFTN', 'RTGS'];
const instantOnly: readonly Rail[] = ['NPSB'];
/** Dhaka's district code in the invented routing numbers, and the head office's branch code. */
const dhakaDistrictCode = '26';
const headOfficeBranchCode = '001';

/**
 * The check digit of a routing number's first eight digits: weights 3, 7, 1 repeated, and the
 * digit that brings the weighted sum to a multiple of ten. This is the project's assumption of
 * the scheme (the one North American routing numbers use); BEFTN's own is to be confirmed.
 */
export function routingCheckDigit(firstEight: string): number {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(firstEight[index]) * weights[index % 3]!;
  return (10 - (sum % 10)) % 10;
}

/** True for nine digits whose last is the check digit of the first eight. */
export function isValidRoutingNumber(value: string): boolean {
  return /^\d{9}$/.test(value) && routingCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

function headOffice(bankCode: string): string {
  const firstEight = `${bankCode}${dhakaDistrictCode}${headOfficeBranchCode}`;
  return `${firstEight}${routingCheckDigit(firstEight)}`;
}

function bank(code: string, group: Exclude<BankGroup, 'wallet'>, nameEn: string, nameBn: string, bankCode: string, takes: readonly Rail[] = allRails): DirectoryEntry {
  return { code, kind: 'bank', group, nameEn, nameBn, rails: takes, headOfficeRoutingNumber: headOffice(bankCode), routingNumberInvented: true };
}

function wallet(code: string, nameEn: string, nameBn: string): DirectoryEntry {
  return { code, kind: 'wallet', group: 'wallet', nameEn, nameBn, rails: instantOnly };
}

export const bankDirectory: readonly DirectoryEntry[] = [
  bank('SONALI', 'state-owned', 'Sonali Bank PLC', 'সোনালী ব্যাংক পিএলসি', '200'),
  bank('JANATA', 'state-owned', 'Janata Bank PLC', 'জনতা ব্যাংক পিএলসি', '135'),
  bank('AGRANI', 'state-owned', 'Agrani Bank PLC', 'অগ্রণী ব্যাংক পিএলসি', '010'),
  bank('RUPALI', 'state-owned', 'Rupali Bank PLC', 'রূপালী ব্যাংক পিএলসি', '185'),
  bank('BASIC', 'state-owned', 'BASIC Bank Limited', 'বেসিক ব্যাংক লিমিটেড', '045'),
  bank('BDBL', 'state-owned', 'Bangladesh Development Bank PLC', 'বাংলাদেশ ডেভেলপমেন্ট ব্যাংক পিএলসি', '035'),
  bank('BKB', 'specialised', 'Bangladesh Krishi Bank', 'বাংলাদেশ কৃষি ব্যাংক', '030', batchAndGross),
  bank('RAKUB', 'specialised', 'Rajshahi Krishi Unnayan Bank', 'রাজশাহী কৃষি উন্নয়ন ব্যাংক', '180', batchAndGross),
  bank('PKB', 'specialised', 'Probashi Kallyan Bank', 'প্রবাসী কল্যাণ ব্যাংক', '178', batchAndGross),
  bank('ABBL', 'private', 'AB Bank PLC', 'এবি ব্যাংক পিএলসি', '020'),
  bank('BCBL', 'private', 'Bangladesh Commerce Bank Limited', 'বাংলাদেশ কমার্স ব্যাংক লিমিটেড', '040'),
  bank('BANKASIA', 'private', 'Bank Asia PLC', 'ব্যাংক এশিয়া পিএলসি', '070'),
  bank('BENGAL', 'private', 'Bengal Commercial Bank PLC', 'বেঙ্গল কমার্শিয়াল ব্যাংক পিএলসি', '047'),
  bank('BRAC', 'private', 'BRAC Bank PLC', 'ব্র্যাক ব্যাংক পিএলসি', '060'),
  bank('CITIZENS', 'private', 'Citizens Bank PLC', 'সিটিজেনস ব্যাংক পিএলসি', '078'),
  bank('CITY', 'private', 'The City Bank PLC', 'দি সিটি ব্যাংক পিএলসি', '225'),
  bank('COMMUNITY', 'private', 'Community Bank Bangladesh PLC', 'কমিউনিটি ব্যাংক বাংলাদেশ পিএলসি', '079'),
  bank('DHAKA', 'private', 'Dhaka Bank PLC', 'ঢাকা ব্যাংক পিএলসি', '085'),
  bank('DBBL', 'private', 'Dutch-Bangla Bank PLC', 'ডাচ্-বাংলা ব্যাংক পিএলসি', '090'),
  bank('EBL', 'private', 'Eastern Bank PLC', 'ইস্টার্ণ ব্যাংক পিএলসি', '095'),
  bank('IFIC', 'private', 'IFIC Bank PLC', 'আইএফআইসি ব্যাংক পিএলসি', '120'),
  bank('JAMUNA', 'private', 'Jamuna Bank PLC', 'যমুনা ব্যাংক পিএলসি', '130'),
  bank('MEGHNA', 'private', 'Meghna Bank PLC', 'মেঘনা ব্যাংক পিএলসি', '137'),
  bank('MERCANTILE', 'private', 'Mercantile Bank PLC', 'মার্কেন্টাইল ব্যাংক পিএলসি', '140'),
  bank('MIDLAND', 'private', 'Midland Bank PLC', 'মিডল্যান্ড ব্যাংক পিএলসি', '142'),
  bank('MODHUMOTI', 'private', 'Modhumoti Bank PLC', 'মধুমতি ব্যাংক পিএলসি', '143'),
  bank('MTB', 'private', 'Mutual Trust Bank PLC', 'মিউচুয়াল ট্রাস্ট ব্যাংক পিএলসি', '145'),
  bank('NBL', 'private', 'National Bank PLC', 'ন্যাশনাল ব্যাংক পিএলসি', '150'),
  bank('NCC', 'private', 'NCC Bank PLC', 'এনসিসি ব্যাংক পিএলসি', '160'),
  bank('NRB', 'private', 'NRB Bank PLC', 'এনআরবি ব্যাংক পিএলসি', '161'),
  bank('NRBC', 'private', 'NRB Commercial Bank PLC', 'এনআরবি কমার্শিয়াল ব্যাংক পিএলসি', '162'),
  bank('ONE', 'private', 'ONE Bank PLC', 'ওয়ান ব্যাংক পিএলসি', '165'),
  bank('PADMA', 'private', 'Padma Bank PLC', 'পদ্মা ব্যাংক পিএলসি', '167'),
  bank('PREMIER', 'private', 'The Premier Bank PLC', 'দি প্রিমিয়ার ব্যাংক পিএলসি', '190'),
  bank('PRIME', 'private', 'Prime Bank PLC', 'প্রাইম ব্যাংক পিএলসি', '170'),
  bank('PUBALI', 'private', 'Pubali Bank PLC', 'পূবালী ব্যাংক পিএলসি', '175'),
  bank('SBAC', 'private', 'South Bangla Agriculture and Commerce Bank PLC', 'সাউথ বাংলা এগ্রিকালচার অ্যান্ড কমার্স ব্যাংক পিএলসি', '198'),
  bank('SHIMANTO', 'private', 'Shimanto Bank PLC', 'সীমান্ত ব্যাংক পিএলসি', '199'),
  bank('SOUTHEAST', 'private', 'Southeast Bank PLC', 'সাউথইস্ট ব্যাংক পিএলসি', '205'),
  bank('TRUST', 'private', 'Trust Bank PLC', 'ট্রাস্ট ব্যাংক পিএলসি', '240'),
  bank('UCB', 'private', 'United Commercial Bank PLC', 'ইউনাইটেড কমার্শিয়াল ব্যাংক পিএলসি', '245'),
  bank('UTTARA', 'private', 'Uttara Bank PLC', 'উত্তরা ব্যাংক পিএলসি', '250'),
  bank('AIBL', 'islamic', 'Al-Arafah Islami Bank PLC', 'আল-আরাফাহ্ ইসলামী ব্যাংক পিএলসি', '015'),
  bank('EXIM', 'islamic', 'EXIM Bank PLC', 'এক্সিম ব্যাংক পিএলসি', '100'),
  bank('FSIBL', 'islamic', 'First Security Islami Bank PLC', 'ফার্স্ট সিকিউরিটি ইসলামী ব্যাংক পিএলসি', '105'),
  bank('GIB', 'islamic', 'Global Islami Bank PLC', 'গ্লোবাল ইসলামী ব্যাংক পিএলসি', '111'),
  bank('ICBIB', 'islamic', 'ICB Islamic Bank Limited', 'আইসিবি ইসলামিক ব্যাংক লিমিটেড', '117'),
  bank('IBBL', 'islamic', 'Islami Bank Bangladesh PLC', 'ইসলামী ব্যাংক বাংলাদেশ পিএলসি', '125'),
  bank('SJIBL', 'islamic', 'Shahjalal Islami Bank PLC', 'শাহ্‌জালাল ইসলামী ব্যাংক পিএলসি', '195'),
  bank('SIBL', 'islamic', 'Social Islami Bank PLC', 'সোশ্যাল ইসলামী ব্যাংক পিএলসি', '210'),
  bank('STANDARD', 'islamic', 'Standard Bank PLC', 'স্ট্যান্ডার্ড ব্যাংক পিএলসি', '212'),
  bank('UNION', 'islamic', 'Union Bank PLC', 'ইউনিয়ন ব্যাংক পিএলসি', '247'),
  bank('ALFALAH', 'foreign', 'Bank Alfalah Limited', 'ব্যাংক আলফালাহ লিমিটেড', '025', batchAndGross),
  bank('CITI', 'foreign', 'Citibank N.A.', 'সিটিব্যাংক এন.এ.', '080', batchAndGross),
  bank('CBC', 'foreign', 'Commercial Bank of Ceylon PLC', 'কমার্শিয়াল ব্যাংক অব সিলন পিএলসি', '075', batchAndGross),
  bank('HBL', 'foreign', 'Habib Bank Limited', 'হাবিব ব্যাংক লিমিটেড', '110', batchAndGross),
  bank('HSBC', 'foreign', 'The Hongkong and Shanghai Banking Corporation Limited', 'দি হংকং অ্যান্ড সাংহাই ব্যাংকিং কর্পোরেশন লিমিটেড', '115'),
  bank('NBP', 'foreign', 'National Bank of Pakistan', 'ন্যাশনাল ব্যাংক অব পাকিস্তান', '155', batchAndGross),
  bank('SCB', 'foreign', 'Standard Chartered Bank', 'স্ট্যান্ডার্ড চার্টার্ড ব্যাংক', '215'),
  bank('SBI', 'foreign', 'State Bank of India', 'স্টেট ব্যাংক অব ইন্ডিয়া', '220', batchAndGross),
  bank('WOORI', 'foreign', 'Woori Bank', 'উরি ব্যাংক', '265', batchAndGross),
  wallet('BKASH', 'bKash', 'বিকাশ'),
  wallet('NAGAD', 'Nagad', 'নগদ'),
  wallet('ROCKET', 'Rocket (Dutch-Bangla Bank mobile banking)', 'রকেট'),
  wallet('UPAY', 'Upay', 'উপায়'),
];

export function directoryEntry(code: string): DirectoryEntry | undefined {
  return bankDirectory.find((entry) => entry.code === code);
}

/**
 * Whether the switch can say who holds an account at this participant before it is paid: the name
 * enquiry is an NPSB service, so only a participant on NPSB answers one. Any other (BEFTN and RTGS
 * only) is paid under the name the customer types, which its bank checks when it posts the credit.
 */
export function answersNameEnquiry(entry: Pick<DirectoryEntry, 'rails'>): boolean {
  return entry.rails.includes('NPSB');
}

/** A wallet is addressed by its holder's mobile number: 11 digits starting 01 (013 to 019). */
export function isWalletNumber(value: string): boolean {
  return /^01[3-9]\d{8}$/.test(value);
}
