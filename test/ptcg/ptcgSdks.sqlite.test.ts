import { describeSdks } from './ptcgSdksSuite.js';

await describeSdks('sqlite');
