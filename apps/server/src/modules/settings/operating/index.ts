export {
  defineSetting,
  type OperatingSetting,
  readSetting,
  type StoredSetting,
  seedSetting,
  writeSetting,
} from './setting.ts';
