package functions

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// fill returns text with every `${name}` variable replaced by params[name],
// in one pass (a value that itself contains `${x}` is not filled again). It
// fails on a malformed variable and names every variable without a value.
func fill(text string, params map[string]string) (string, error) {
	vars, err := templateVariables(text)
	if err != nil {
		return "", err
	}
	var missing []string
	for _, v := range vars {
		if _, ok := params[v]; !ok {
			missing = append(missing, v)
		}
	}
	if len(missing) > 0 {
		return "", fmt.Errorf("params has no value for %s (the text's variables are %s)", quoteAll(missing), quoteAll(vars))
	}
	return client.FillTemplate(text, params), nil
}

// templateVariables is client.TemplateVariables (the platform's rule) with
// errors that speak of "the text", not of the gateway's tplText field.
//
// A name with white space (${ name }) is refused too: contactcenter_sms_template
// refuses it, the spec does not say how the platform reads it, and the
// open interface does not report it in tpl_param; the function would have
// promised a variable the template does not have.
//
// So is a name with a "{" (${a{b}): the open interface's gateway template
// reads it as the variable "a{b", contactcenter_sms_template refuses the
// text, so no one answer holds for both kinds of template.
func templateVariables(text string) ([]string, error) {
	vars, err := client.TemplateVariables(text)
	if err != nil {
		return nil, errors.New(strings.Replace(err.Error(), "tplText ", "the text ", 1))
	}
	for _, v := range vars {
		if strings.ContainsFunc(v, unicode.IsSpace) {
			return nil, fmt.Errorf("the text has a variable with white space in its name, %q: write ${%s}", "${"+v+"}", strings.Join(strings.Fields(v), "_"))
		}
		if strings.Contains(v, "{") {
			return nil, fmt.Errorf("the text has a variable with \"{\" in its name, %q: a gateway template reads it as the variable %q "+
				"and contactcenter_sms_template refuses the text, so write the name without \"{\"", "${"+v+"}", v)
		}
	}
	return vars, nil
}

func quoteAll(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}
