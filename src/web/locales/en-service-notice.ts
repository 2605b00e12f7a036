/** English texts of the service banner: loaded with its code, only when a notice is current. */
export const enServiceNotice = {
  serviceNotice: { label: 'Service notice', maintenance: 'Planned maintenance', outage: 'Service disruption', until: 'Until {{time}}', dismiss: 'Dismiss this notice' },
} as const;
