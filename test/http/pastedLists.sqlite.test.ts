import { describePastedLists } from './pastedListsSuite.js';

await describePastedLists('sqlite');
