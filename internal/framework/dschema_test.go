package framework

import "testing"

// TestReadOnly: a data source's attribute, only read, keeps none of the
// resource description's sentences about configuring it.
func TestReadOnly(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Sound type (`sound_type`). Defaults to `1`.":                                                        "Sound type (`sound_type`).",
		"Name (`name`). Changing it replaces the file.":                                                      "Name (`name`).",
		"Direction (`que_type`). Unset, the platform's value is kept (the provider sends it only when set).": "Direction (`que_type`).",
		"Agent number (`user_num`). It cannot be changed: a new value replaces the agent.":                   "Agent number (`user_num`).",
		"Ratio. Defaults to `1.5`. Between 1 and 3.":                                                         "Ratio. Between 1 and 3.",
		"Department (`dept_id`). When unset the service chooses the root department.":                        "Department (`dept_id`).",
		"Calls at once (`concurrent`). The service chooses when unset.":                                      "Calls at once (`concurrent`).",
		"Variables (`tpl_param`). Known at plan time: they follow from `template_contents`.":                 "Variables (`tpl_param`).",
		"Text (`sign_text`), as shown.":                                                                      "Text (`sign_text`), as shown.",
		"Survey (`evaluate_config`). Omitted, every field takes the default given below (so `type` is `2`, the platform default); a field left out of a configured object also takes its default.": "Survey (`evaluate_config`).",
	} {
		if got := readOnly(in); got != want {
			t.Errorf("readOnly(%q) = %q, want %q", in, got, want)
		}
	}
}
