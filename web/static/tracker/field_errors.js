// A refusal shown beside the field it is about: marked invalid for assistive technology and by its border, with the
// words in the field's status (its aria-describedby). The planner's fields show theirs in the planner's status.
import { control } from './controls.js';

const ERROR_TEXT = { slo: 's-slo-error', cap: 'b-cap-error', budget_at: 'b-at-error' };

// Of the fields `keys`, the one `key` marked with `message`; the others cleared.
export function markField(keys, key, message) {
  for (const name of keys) {
    const text = ERROR_TEXT[name] && document.getElementById(ERROR_TEXT[name]);
    if (name === key) control(name).setAttribute('aria-invalid', 'true');
    else control(name).removeAttribute('aria-invalid');
    if (text) text.textContent = name === key ? message : '';
  }
}

// The API parameter a 400's detail names first ("slo: bad limit ..."), or null.
export function refusedParameter(error) {
  const named = /^(\w+): /.exec(error.message);
  return error.status === 400 && named ? named[1] : null;
}
