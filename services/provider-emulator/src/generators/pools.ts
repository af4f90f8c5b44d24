// Small fixed vocabularies the generators draw from. Realistic enough for dashboards and column
// types, never real people: every email is at example.com or example.org.

export const firstNames = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Katherine',
  'John',
  'Hedy',
  'Niklaus',
  'Sophie',
  'Guido',
  'Anita',
  'Bjarne',
  'Joan',
  'Donald',
  'Shafi',
  'Leslie',
  'Mary',
  'James',
  'Yukihiro',
  'Lucia',
  'Mateo',
  'Amara',
] as const;

export const lastNames = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
  'Johnson',
  'McCarthy',
  'Lamarr',
  'Wirth',
  'Wilson',
  'van Rossum',
  'Borg',
  'Stroustrup',
  'Clarke',
  'Knuth',
  'Goldwasser',
  'Lamport',
  'Keller',
  'Gosling',
  'Matsumoto',
  'Moreno',
  'Silva',
  'Okafor',
] as const;

export const emailDomains = ['example.com', 'example.org', 'example.net'] as const;

export interface CityInfo {
  city: string;
  state: string | null;
  postalCode: string;
  phonePrefix: string;
}

export const citiesByCountry: Record<string, readonly [CityInfo, ...CityInfo[]]> = {
  US: [
    { city: 'San Francisco', state: 'CA', postalCode: '94107', phonePrefix: '+1415' },
    { city: 'New York', state: 'NY', postalCode: '10013', phonePrefix: '+1212' },
    { city: 'Austin', state: 'TX', postalCode: '78701', phonePrefix: '+1512' },
    { city: 'Seattle', state: 'WA', postalCode: '98101', phonePrefix: '+1206' },
  ],
  GB: [
    { city: 'London', state: null, postalCode: 'EC1V 9HX', phonePrefix: '+4420' },
    { city: 'Manchester', state: null, postalCode: 'M1 1AE', phonePrefix: '+44161' },
  ],
  DE: [
    { city: 'Berlin', state: null, postalCode: '10115', phonePrefix: '+4930' },
    { city: 'München', state: null, postalCode: '80331', phonePrefix: '+4989' },
  ],
  FR: [
    { city: 'Paris', state: null, postalCode: '75002', phonePrefix: '+331' },
    { city: 'Lyon', state: null, postalCode: '69002', phonePrefix: '+334' },
  ],
  CA: [
    { city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6', phonePrefix: '+1416' },
    { city: 'Vancouver', state: 'BC', postalCode: 'V6B 1A1', phonePrefix: '+1604' },
  ],
  AU: [{ city: 'Sydney', state: 'NSW', postalCode: '2000', phonePrefix: '+612' }],
  JP: [{ city: 'Tokyo', state: null, postalCode: '100-0005', phonePrefix: '+813' }],
};

export const countries = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'JP'] as const;

export const currencyOfCountry: Record<string, string> = {
  US: 'usd',
  GB: 'gbp',
  DE: 'eur',
  FR: 'eur',
  CA: 'cad',
  AU: 'aud',
  JP: 'jpy',
};

export const streets = [
  'Market Street',
  'Main Street',
  'High Street',
  'Rue de Rivoli',
  'Friedrichstraße',
  'King Street',
  'Elm Avenue',
] as const;

export const productNames = [
  'Starter plan',
  'Pro plan',
  'Team plan',
  'Enterprise plan',
  'Coffee beans 1kg',
  'Ceramic mug',
  'Notebook',
  'Desk lamp',
  'Wireless mouse',
  'USB-C cable',
  'Gift card',
  'Consulting hour',
  'Conference ticket',
  'Yoga class',
  'Monthly box',
  'Extra seat',
  'Storage add-on',
  'Support plan',
] as const;

export const chargeDescriptions = [
  'Order payment',
  'Subscription renewal',
  'One-time purchase',
  'Invoice payment',
  'Top-up',
  'Booking deposit',
] as const;

export const cardBrands = [
  ['visa', 55],
  ['mastercard', 30],
  ['amex', 10],
  ['discover', 3],
  ['jcb', 2],
] as const;

export const metadataSources = ['web', 'ios', 'android', 'pos', 'api'] as const;
