import { defineWorldTests } from './define-tests.mjs';

defineWorldTests('file-2');
