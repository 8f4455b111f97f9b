import { reimportUnderLoad } from './reimportUnderLoad.js';

await reimportUnderLoad('sqlite');
