/**
 * `phonegym virtual-device [--port P] [--model NAME] [--scale N] [--no-state]`: a phonegym phone
 * that the real `adb` connects to as a device (`adb connect 127.0.0.1:P`), until Ctrl+C.
 */
import { SimulatorPhone } from '../device/simulatorPhone.ts';
import { checkModel, VirtualDevice } from '../device/virtualDevice.ts';
import { intFlag, parseFlags, type FlagSpec } from './flags.ts';

const FLAGS = {
  port: { type: 'string' },
  model: { type: 'string' },
  scale: { type: 'string' },
  'no-state': { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const HELP = `phonegym virtual-device [--port P] [--model NAME] [--scale N] [--no-state] [--verbose]   a phone that adb connects to

  --port P                  the device's TCP port on 127.0.0.1 (default: a free one)
  --model NAME              ro.product.model, shown by adb devices -l (default phonegym; no ':', ';' or '=')
  --scale N                 device pixels per CSS pixel: 3 (default) is a 1080x2400 screen, 1 is 360x800
  --no-state                the bridge cannot read or set its state tree: runs treat it as a real phone
                            (realPhone starts, the VLM judge under --judge-mode auto)
  --verbose                 log each adb connection and refused service on stderr

One simulator page at home, speaking adbd's protocol: adb connect 127.0.0.1:P, then adb shell
input tap|swipe|keyevent|text, screencap -p, uiautomator dump, getprop, wm size, dumpsys window,
am start, monkey -p. Ctrl+C stops it.`;

export async function cmdVirtualDevice(argv: string[]): Promise<number> {
  const { values: v } = parseFlags('virtual-device', argv, FLAGS);
  if (v.help) {
    console.log(HELP);
    return 0;
  }
  const port = v.port === undefined ? 0 : intFlag('port', v.port, { min: 0, max: 65535 })!;
  const scale = v.scale === undefined ? 3 : intFlag('scale', v.scale, { min: 1, max: 4 })!;
  const model = v.model ?? 'phonegym';
  checkModel(model, '--model');
  const withState = !v['no-state'];
  const phone = await SimulatorPhone.launch({ scale, withState, log: (l) => console.error(l) });
  let device: VirtualDevice<SimulatorPhone>;
  try {
    device = await VirtualDevice.start({ phone, port, model, scale, log: v.verbose ? (l) => console.error(`virtual device: ${l}`) : undefined });
  } catch (e) {
    await phone.close();
    throw e;
  }
  console.log(`virtual device: ${device.address}`);
  console.log(`  adb connect ${device.address}, then adb -s ${device.address} shell input tap ${180 * scale} ${400 * scale}. Ctrl+C to stop.`);
  if (!withState) console.log('  no state tree (--no-state): a run judges it as a real phone, with the VLM judge');
  await new Promise<void>((done) => process.once('SIGINT', () => done()));
  await device.close();
  await phone.close();
  return 0;
}
