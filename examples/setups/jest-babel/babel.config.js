/** babel-jest strips the types and compiles the modules to CommonJS for the running Node. */
module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
};
