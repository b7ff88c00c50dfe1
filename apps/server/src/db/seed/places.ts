/** Where demo and generated customers live: [city, state, ZIP] and street names. */
export const CITIES = [
  ['Portland', 'OR', '97205'],
  ['Austin', 'TX', '73301'],
  ['Denver', 'CO', '80202'],
  ['Chicago', 'IL', '60601'],
  ['Seattle', 'WA', '98101'],
  ['Boston', 'MA', '02108'],
  ['Atlanta', 'GA', '30303'],
  ['San Diego', 'CA', '92101'],
  ['Brooklyn', 'NY', '11201'],
  ['Miami', 'FL', '33130'],
  ['Minneapolis', 'MN', '55401'],
  ['Phoenix', 'AZ', '85004'],
] as const;
export const STREETS = [
  'Maple Avenue',
  'Oak Street',
  'Pine Road',
  'Cedar Lane',
  'Elm Street',
  'Lakeview Drive',
  'Main Street',
];
