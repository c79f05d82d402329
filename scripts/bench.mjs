#!/usr/bin/env node
// Placeholder until the feature lands (see the open issues): says so plainly instead of failing obscurely.
console.log('npm run bench: not yet available.');
