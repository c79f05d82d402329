// @vitest-environment jsdom
// Under vitest's jsdom environment (window and document exist, in Node) the mock's client and the
// fixtures work: they talk to an in-process mock, no key leaves the machine (D115).
import { describeDomEnvironment } from './dom-environment-cases';

describeDomEnvironment('jsdom');
