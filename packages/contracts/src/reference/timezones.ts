import { deepFreeze } from './freeze.ts';

/**
 * Time zones offered in the profile (constants.player.timeZone). The id is the IANA name the server
 * stores and formats with; the label shows the standard (non-summer) offset, which is what people
 * recognise. Ordered west to east.
 */
const zones: [offset: string, id: string, city: string][] = [
  ['-11:00', 'Pacific/Pago_Pago', 'Pago Pago'],
  ['-10:00', 'Pacific/Honolulu', 'Honolulu'],
  ['-09:00', 'America/Anchorage', 'Anchorage'],
  ['-08:00', 'America/Los_Angeles', 'Los Angeles'],
  ['-07:00', 'America/Denver', 'Denver'],
  ['-06:00', 'America/Chicago', 'Chicago'],
  ['-06:00', 'America/Mexico_City', 'Mexico City'],
  ['-05:00', 'America/Bogota', 'Bogotá'],
  ['-05:00', 'America/New_York', 'New York'],
  ['-04:00', 'America/Caracas', 'Caracas'],
  ['-04:00', 'America/Halifax', 'Halifax'],
  ['-04:00', 'America/Santiago', 'Santiago'],
  ['-03:30', 'America/St_Johns', "St. John's"],
  ['-03:00', 'America/Argentina/Buenos_Aires', 'Buenos Aires'],
  ['-03:00', 'America/Sao_Paulo', 'São Paulo'],
  ['-02:00', 'America/Noronha', 'Fernando de Noronha'],
  ['-01:00', 'Atlantic/Azores', 'Azores'],
  ['+00:00', 'UTC', 'Coordinated Universal Time'],
  ['+00:00', 'Europe/Lisbon', 'Lisbon'],
  ['+00:00', 'Europe/London', 'London'],
  ['+01:00', 'Africa/Lagos', 'Lagos'],
  ['+01:00', 'Europe/Berlin', 'Berlin'],
  ['+01:00', 'Europe/Paris', 'Paris'],
  ['+01:00', 'Europe/Warsaw', 'Warsaw'],
  ['+02:00', 'Africa/Cairo', 'Cairo'],
  ['+02:00', 'Africa/Johannesburg', 'Johannesburg'],
  ['+02:00', 'Europe/Athens', 'Athens'],
  ['+02:00', 'Europe/Kyiv', 'Kyiv'],
  ['+03:00', 'Europe/Istanbul', 'Istanbul'],
  ['+03:00', 'Europe/Moscow', 'Moscow'],
  ['+03:30', 'Asia/Tehran', 'Tehran'],
  ['+04:00', 'Asia/Dubai', 'Dubai'],
  ['+05:00', 'Asia/Karachi', 'Karachi'],
  ['+05:30', 'Asia/Kolkata', 'Kolkata'],
  ['+05:45', 'Asia/Kathmandu', 'Kathmandu'],
  ['+06:00', 'Asia/Dhaka', 'Dhaka'],
  ['+07:00', 'Asia/Bangkok', 'Bangkok'],
  ['+08:00', 'Asia/Shanghai', 'Shanghai'],
  ['+08:00', 'Asia/Singapore', 'Singapore'],
  ['+08:00', 'Australia/Perth', 'Perth'],
  ['+09:00', 'Asia/Seoul', 'Seoul'],
  ['+09:00', 'Asia/Tokyo', 'Tokyo'],
  ['+09:30', 'Australia/Adelaide', 'Adelaide'],
  ['+10:00', 'Australia/Sydney', 'Sydney'],
  ['+12:00', 'Pacific/Auckland', 'Auckland'],
  ['+13:00', 'Pacific/Tongatapu', "Nuku'alofa"],
];

export const timeZones: { id: string; name: string }[] = deepFreeze(
  zones.map(([offset, id, city]) => ({ id, name: `UTC${offset} ${city}` })),
);
