import { accountAnswerSchema } from '../../shared/schemas/banking-answers';

/** An approved savings account as the server answers it, for component tests of the pages that act on one. */
export const activeAccount = accountAnswerSchema.parse({
  _id: '2081234567890',
  accountType: 'savings',
  role: 'Savings',
  user: 'Karim Hossain',
  email: 'karim@example.com',
  phone: '+8801712345678',
  img: '/api/images/avatar.webp',
  status: 'success',
  card: 'blank',
  residentialArea: 'Dhanmondi',
  permanentArea: 'Cumilla',
  nid: '1234567890',
  nomineeName: 'Rahima Hossain',
  nomineeId: '9876543210',
  nomineeRelation: 'spouse',
  gender: 'male',
  birthDate: '1990-01-15',
  amount: 5_000,
  totalLoanAmount: 0,
  requestedAt: '2026-01-02T10:00:00.000Z',
  approvedAt: '2026-01-03T10:00:00.000Z',
});
