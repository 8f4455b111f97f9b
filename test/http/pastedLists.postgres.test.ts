import { describePastedLists } from './pastedListsSuite.js';

await describePastedLists('postgres');
