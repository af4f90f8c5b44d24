// The server's field rules, checked in the browser too so a person sees a mistake before
// sending. The server stays the authority: its messages are shown in the same places.

const required = (label) => (value) => (value.trim() === '' ? `${label} is required.` : null);

function all(...checks) {
  return (value) => {
    for (const check of checks) {
      const message = check(value);
      if (message) return message;
    }
    return null;
  };
}

const maxLength = (label, max) => (value) => (value.length > max ? `${label} can be at most ${max} characters.` : null);

/** Destination and source names (docs/configuration-api.md, Destinations). */
export function lowercaseName(label) {
  return all(required(label), maxLength(label, 63), (value) =>
    /^[a-z0-9_]+$/.test(value) ? null : `${label} may contain only lowercase letters, digits and underscores (no spaces or capitals).`,
  );
}

/** "check" would be shadowed by POST /destinations/check. */
export function destinationName(label) {
  const base = lowercaseName(label);
  return (value) => base(value) ?? (value === 'check' ? `${label} cannot be "check", a reserved word.` : null);
}

/** Spec §2: sync names have no digits. */
export function syncName(label) {
  return all(required(label), maxLength(label, 63), (value) =>
    /^[a-z_]+$/.test(value) ? null : `${label} may contain only lowercase letters and underscores (no digits, spaces or capitals).`,
  );
}

export function requiredText(label) {
  return required(label);
}

export function email(label) {
  return all(required(label), (value) =>
    /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : `${label} must be an email address, like ana@example.com.`,
  );
}

export function newPassword(label, min) {
  return all(required(label), (value) => (value.length >= min ? null : `${label} must be at least ${min} characters long.`));
}

/** The account identifier (libs/accounts IDENTIFIER_PATTERN); optional. */
export function optionalIdentifier(label) {
  return (value) =>
    value === '' || /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,254}$/.test(value)
      ? null
      : `${label} may contain letters, digits and _ . @ - (not first), up to 255 characters.`;
}

/** Stripe Connect's client id (sources.schemas oauthClientId); optional. */
export function optionalOauthClientId(label) {
  return (value) =>
    value.trim() === '' || /^ca_[A-Za-z0-9]{1,252}$/.test(value.trim())
      ? null
      : `${label} must start with ca_, followed by letters and digits only.`;
}

/** A source's rate_budget_percent (sources.schemas rateBudgetPercent): a whole number, 5–80. */
export function ratePercent(label) {
  return all(required(label), (value) =>
    /^\d+$/.test(value.trim()) && Number(value) >= 5 && Number(value) <= 80 ? null : `${label} must be a whole number from 5 to 80.`,
  );
}

export function credential(label) {
  return all(required(label), (value) =>
    /^(sk_|rk_|acct_)/.test(value.trim())
      ? null
      : `${label} must be a secret key (sk_…), a restricted key (rk_…) or a connected account id (acct_…).`,
  );
}

export function chosen(label) {
  return (value) => (value === '' ? `Choose ${label}.` : null);
}

/** A Stripe webhook signing secret, as PUT /sources/{name}/webhook_secret takes it. */
export function webhookSecret(label) {
  return all(required(label), (value) =>
    /^whsec_[A-Za-z0-9]{16,250}$/.test(value.trim())
      ? null
      : `${label} must be a Stripe signing secret: whsec_ followed by letters and digits.`,
  );
}

/** Hours a rotated-out webhook secret keeps verifying: 0 to 72. */
export function previousSecretHours(label) {
  return all(required(label), (value) => {
    const hours = Number(value);
    return Number.isInteger(hours) && hours >= 0 && hours <= 72 ? null : `${label} must be a whole number from 0 to 72.`;
  });
}
