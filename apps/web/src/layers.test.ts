import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeLayers } from '@meridian/web-kit/layer-tests';

describeLayers('web', path.dirname(fileURLToPath(import.meta.url)));
