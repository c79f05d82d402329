// A TypeDoc plugin (loaded by typedoc.json): the types generated from the OpenAPI contract
// (packages/sdk/src/generated/) carry exactly the descriptions the contract has, and the contract
// is documented as the HTTP reference. Their undescribed members are therefore exempt from
// `validation.notDocumented`; every hand-written export still fails the build without a comment.
import { Converter, ReflectionKind } from 'typedoc';

const GENERATED = /[\\/]packages[\\/](sdk|mock|mock-server)[\\/]src[\\/]generated[\\/]/;

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const kinds = app.options
      .getValue('requiredToBeDocumented')
      .reduce((all, kind) => all | ReflectionKind[kind], 0);
    const names = new Set(app.options.getValue('intentionallyNotDocumented'));
    for (const reflection of Object.values(context.project.reflections)) {
      if (!reflection.kindOf(kinds) || reflection.hasComment()) continue;
      const id = context.project.getSymbolIdFromReflection(reflection);
      if (id === undefined || !GENERATED.test(id.fileName ?? id.packagePath)) continue;
      if (insideParameter(reflection)) continue;
      names.add(reflection.getFriendlyFullName());
    }
    app.options.setValue('intentionallyNotDocumented', [...names]);
  });
}

function insideParameter(reflection) {
  for (let r = reflection.parent; r; r = r.parent) {
    if (r.kindOf(ReflectionKind.Parameter)) return true;
  }
  return false;
}
