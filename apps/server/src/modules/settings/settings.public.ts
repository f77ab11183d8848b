// The settings area's front door: the only file other areas import. What it does not export is private.

export { settingsArea } from './settings.area';
export {
  defaultAreaCode,
  findAreaCode,
  findAreaCodeByCallingCode,
  getNumberSetting,
  getSetting,
  seedSettings,
  setSetting,
} from './settings.service';
