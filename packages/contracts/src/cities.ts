// No zod here: the client's city field imports this module on its own (`@nocturne/contracts/cities`).
import { snapToGrid, type GridCell } from './geography';

/**
 * Centres of the cities a person may choose to show instead of sharing a position (decisions.md,
 * Discovery: a chosen city counts as a position at its centre). The city is free text, so it is matched
 * by name, ignoring case, accents and punctuation; a name not in this table gives no position.
 */
const CENTRES: ReadonlyArray<readonly [names: string, latitude: number, longitude: number]> = [
  ['Amsterdam', 52.3676, 4.9041],
  ['Athens|Athina', 37.9838, 23.7275],
  ['Auckland', -36.8485, 174.7633],
  ['Austin', 30.2672, -97.7431],
  ['Bangkok', 13.7563, 100.5018],
  ['Barcelona', 41.3874, 2.1686],
  ['Beijing|Peking', 39.9042, 116.4074],
  ['Belgrade|Beograd', 44.7866, 20.4489],
  ['Berlin', 52.52, 13.405],
  ['Bogota|Bogotá', 4.711, -74.0721],
  ['Boston', 42.3601, -71.0589],
  ['Brussels|Bruxelles|Brussel', 50.8503, 4.3517],
  ['Bucharest|Bucuresti', 44.4268, 26.1025],
  ['Budapest', 47.4979, 19.0402],
  ['Buenos Aires', -34.6037, -58.3816],
  ['Cairo', 30.0444, 31.2357],
  ['Cape Town', -33.9249, 18.4241],
  ['Chicago', 41.8781, -87.6298],
  ['Cologne|Köln|Koeln', 50.9375, 6.9603],
  ['Copenhagen|København|Kobenhavn', 55.6761, 12.5683],
  ['Dallas', 32.7767, -96.797],
  ['Delhi|New Delhi', 28.6139, 77.209],
  ['Denver', 39.7392, -104.9903],
  ['Dresden', 51.0504, 13.7373],
  ['Dubai', 25.2048, 55.2708],
  ['Dublin', 53.3498, -6.2603],
  ['Düsseldorf|Dusseldorf|Duesseldorf', 51.2277, 6.7735],
  ['Edinburgh', 55.9533, -3.1883],
  ['Frankfurt|Frankfurt am Main', 50.1109, 8.6821],
  ['Geneva|Genève|Genf', 46.2044, 6.1432],
  ['Glasgow', 55.8642, -4.2518],
  ['Hamburg', 53.5511, 9.9937],
  ['Helsinki', 60.1699, 24.9384],
  ['Hong Kong', 22.3193, 114.1694],
  ['Houston', 29.7604, -95.3698],
  ['Istanbul', 41.0082, 28.9784],
  ['Jakarta', -6.2088, 106.8456],
  ['Johannesburg', -26.2041, 28.0473],
  ['Kyiv|Kiev', 50.4501, 30.5234],
  ['Lagos', 6.5244, 3.3792],
  ['Leipzig', 51.3397, 12.3731],
  ['Lisbon|Lisboa', 38.7223, -9.1393],
  ['London', 51.5072, -0.1276],
  ['Los Angeles|LA', 34.0522, -118.2437],
  ['Lyon', 45.764, 4.8357],
  ['Madrid', 40.4168, -3.7038],
  ['Manchester', 53.4808, -2.2426],
  ['Marseille', 43.2965, 5.3698],
  ['Melbourne', -37.8136, 144.9631],
  ['Mexico City|Ciudad de México|Ciudad de Mexico', 19.4326, -99.1332],
  ['Miami', 25.7617, -80.1918],
  ['Milan|Milano', 45.4642, 9.19],
  ['Montreal|Montréal', 45.5019, -73.5674],
  ['Moscow|Moskva', 55.7558, 37.6173],
  ['Mumbai|Bombay', 19.076, 72.8777],
  ['Munich|München|Muenchen', 48.1351, 11.582],
  ['Nairobi', -1.2921, 36.8219],
  ['Naples|Napoli', 40.8518, 14.2681],
  ['New Orleans', 29.9511, -90.0715],
  ['New York|New York City|NYC', 40.7128, -74.006],
  ['Nice', 43.7102, 7.262],
  ['Oslo', 59.9139, 10.7522],
  ['Paris', 48.8566, 2.3522],
  ['Philadelphia', 39.9526, -75.1652],
  ['Porto', 41.1579, -8.6291],
  ['Prague|Praha', 50.0755, 14.4378],
  ['Rio de Janeiro', -22.9068, -43.1729],
  ['Rome|Roma', 41.9028, 12.4964],
  ['Rotterdam', 51.9244, 4.4777],
  ['San Diego', 32.7157, -117.1611],
  ['San Francisco|SF', 37.7749, -122.4194],
  ['Santiago', -33.4489, -70.6693],
  ['Sao Paulo|São Paulo', -23.5558, -46.6396],
  ['Seattle', 47.6062, -122.3321],
  ['Seoul', 37.5665, 126.978],
  ['Seville|Sevilla', 37.3891, -5.9845],
  ['Shanghai', 31.2304, 121.4737],
  ['Singapore', 1.3521, 103.8198],
  ['Sofia', 42.6977, 23.3219],
  ['Stockholm', 59.3293, 18.0686],
  ['Stuttgart', 48.7758, 9.1829],
  ['Sydney', -33.8688, 151.2093],
  ['Taipei', 25.033, 121.5654],
  ['Tel Aviv', 32.0853, 34.7818],
  ['Tokyo', 35.6762, 139.6503],
  ['Toronto', 43.6532, -79.3832],
  ['Valencia', 39.4699, -0.3763],
  ['Vancouver', 49.2827, -123.1207],
  ['Vienna|Wien', 48.2082, 16.3738],
  ['Warsaw|Warszawa', 52.2297, 21.0122],
  ['Washington|Washington DC|Washington D.C.', 38.9072, -77.0369],
  ['Zagreb', 45.815, 15.9819],
  ['Zurich|Zürich', 47.3769, 8.5417],
];

/** Lower case, accents and punctuation dropped, spaces collapsed: 'São Paulo ' and 'sao-paulo' are one. */
export const cityKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const byKey = new Map<string, readonly [number, number]>(CENTRES.flatMap(([names, latitude, longitude]) => names.split('|').map((name) => [cityKey(name), [latitude, longitude] as const])));

/** One name per city, the first of its table entry, for the client's list of suggestions. */
export const knownCityNames: readonly string[] = CENTRES.map(([names]) => names.split('|')[0]!);

/** Whether a city's name places a person (it is in the table under one of its names). */
export const isKnownCity = (city: string): boolean => byKey.has(cityKey(city));

/** The centre of a city as a cell of the grid every position is snapped to; null for a name not known. */
export function cityCentre(city: string | null): { cell: GridCell; latitude: number; longitude: number } | null {
  if (!city) return null;
  const centre = byKey.get(cityKey(city));
  return centre ? snapToGrid(centre[0], centre[1]) : null;
}
