// The captcha area's front door: the only file other areas import. What it does not export is private.
export { captchaArea } from './captcha.area';
export { checkCaptcha } from './captcha.service';
