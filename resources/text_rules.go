package resources

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// Text rules the service applies, checked at plan time the way the service
// checks them: trimming as strings.TrimSpace does, addresses as
// net/mail parses them.

// textRule is a rule the service applies to a text, checked at plan time:
// check returns why the value breaks it ("" when it does not; an empty
// answer for "" too where the service takes no value).
type textRule struct {
	desc  string
	check func(string) string
}

func (v textRule) Description(context.Context) string             { return v.desc }
func (v textRule) MarkdownDescription(ctx context.Context) string { return v.desc }
func (v textRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if why := v.check(req.ConfigValue.ValueString()); why != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value Match", fmt.Sprintf("Attribute %s %s, %s", req.Path, v.desc, why))
	}
}

// emailAddress accepts an e-mail address as the service parses it
// (textcheck.Email, which the export shares), or "" (no address: what the
// service holds, and configuration generated from it writes, for an agent
// without one); the service enforces uniqueness.
var emailAddress = textRule{desc: "must be an e-mail address such as ann.lee@example.com", check: func(s string) string {
	if s != "" && !textcheck.Email(s) {
		return fmt.Sprintf("got %q", s) // quoted: a space at either end shows
	}
	return ""
}}

// typablePassword refuses a password holding an invisible character (a
// zero-width space or byte order mark pasted with it, or kept by file()
// from a file saved as "UTF-8 with BOM"; a direction mark), named by the
// character only: the platform sets it with the character, and no one can
// type it at login. ccsync refuses it in a roster the same way
// (textcheck.Hidden without white space, which can be typed).
var typablePassword = textRule{desc: "must not hold an invisible character, which cannot be typed at login", check: func(s string) string {
	if what := textcheck.Hidden(s, false, ""); what != "" {
		return "it holds " + what + " (pasted with it, or kept by file() from a file saved as \"UTF-8 with BOM\"?); the value is not shown"
	}
	return ""
}}

// importForEachNew ends the "Cannot Import Non-Existent" errors of the
// imports by unique value: a configuration driven by a data file adopts
// its objects with an import block whose for_each is the resources' own
// (for_each = local.agents), and the first row added after the adoption
// (a new hire) failed every plan with only "check the number", while the
// number was right and the object new. Terraform names no import block in
// the error, so the message says where to look.
const importForEachNew = "If this is a new object, to be created, and the import comes from an import block: a block whose for_each is the same map " +
	"as the resource's imports the rows added to it after the adoption too, which do not exist yet. Remove the import block once its import has been applied, " +
	"or limit its for_each to the objects that exist."

// nonSpace is one character that unicode.IsSpace does not take for space.
const nonSpace = tfkit.NonSpace

// notBlank rejects text of white space only, which the service refuses as
// empty (gateway code 1020, sms/template code 400) only at apply. An empty
// text is left to the length rule beside it, which says so once.
func notBlank() validator.String { return tfkit.NotBlank("") }

// trimmed rejects text the service would store trimmed (agents, webhooks and
// voice names are trimmed on write): the value read back would differ from
// the configuration, so it fails at plan time instead of after apply.
// Trimmed is trimmed for the data sources and filters that look an agent
// up by its number: one with white space around it matches no agent.
// Both quote the value and name the character: "got: 9001 " showed
// nothing of a trailing no-break space, tab or line break (file()).
func Trimmed() validator.String {
	return textRule{desc: "must not begin or end with white space (agent numbers are stored trimmed: it would match no agent)", check: edgeSpace}
}

func trimmed() validator.String {
	return textRule{desc: "must not begin or end with white space (the service trims it, so the stored value would differ from the configuration)",
		check: edgeSpace}
}

// edgeSpace says why s begins or ends with white space, naming the
// character: a full-width space (U+3000) or a non-breaking one is not seen
// in the value.
func edgeSpace(s string) string {
	if trimmedRE.MatchString(s) {
		return ""
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if strings.TrimSpace(s) == "" {
		return fmt.Sprintf("got %q, which is white space only", s)
	}
	if unicode.IsSpace(first) {
		return fmt.Sprintf("got %q, which begins with %U", s, first)
	}
	return fmt.Sprintf("got %q, which ends with %U", s, last)
}

// webhookURL accepts an address as the service parses it (as net/url
// does): the scheme http or https in any case (HTTPS:// is one), a host, a
// port of digits when one is given, and no white space around it (the
// service trims it, so the stored address would differ). A pattern of its
// own was stricter than the service (HTTPS://, a space in the path: an
// exported webhook did not plan) and looser (http://?x=1 took ?x=1 for a
// host, a port of letters), so a plan passed what the apply refused.
//
// The address is quoted without its user and password and without the
// values of query parameters named like a secret (client.HideURLSecrets):
// an address that carries credentials is set from a sensitive variable,
// which Terraform masks in the plan, but not in a provider's diagnostic,
// kept for months in CI logs.
var webhookURL = textRule{desc: "must be an http:// or https:// URL with a host, such as https://crm.example.com/hook", check: func(s string) string {
	why := ""
	u, err := url.Parse(s)
	_, userinfo := client.HideURLSecrets(s)
	switch {
	case strings.TrimSpace(s) != s:
		why = "it begins or ends with white space, which the service trims"
	case err != nil && userinfo:
		why = "it does not parse as a URL" // Go's detail may quote part of the password: invalid port ":pa" after host
	case err != nil:
		why = strings.TrimPrefix(err.Error(), fmt.Sprintf("parse %q: ", s))
	case u.Scheme != "http" && u.Scheme != "https":
		why = "its scheme is not http or https"
	case u.Host == "" || u.Hostname() == "":
		why = "it has no host"
	default:
		return ""
	}
	return fmt.Sprintf("got %s: %s.", client.QuoteURL(s), why)
}}

// textWarning warns at plan about a text the service takes but that is
// most likely a mistake (so it cannot be refused: configuration generated
// from the platform may hold it). check returns the warning's summary and
// detail for the attribute at p ("" when there is nothing to say).
type textWarning struct {
	desc  string
	check func(p path.Path, s string) (summary, detail string)
}

// Warning is a textWarning for the data sources' schemas.
func Warning(desc string, check func(p path.Path, s string) (summary, detail string)) validator.String {
	return textWarning{desc: desc, check: check}
}

func (v textWarning) Description(context.Context) string             { return v.desc }
func (v textWarning) MarkdownDescription(ctx context.Context) string { return v.desc }
func (v textWarning) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if summary, detail := v.check(req.Path, req.ConfigValue.ValueString()); summary != "" {
		resp.Diagnostics.AddAttributeWarning(req.Path, summary, detail)
	}
}

// EdgeSpaces warns about a contains-filter (a name keyword, part of an
// address) of a data source or a list resource that starts or ends with
// white space: the platform matches the text as given, spaces included, so
// `" Sales"` finds only names with a space before "Sales", and most often
// nothing (a value pasted with a space, or built with format()).
var EdgeSpaces validator.String = textWarning{desc: "should not start or end with white space", check: func(p path.Path, s string) (string, string) {
	if strings.TrimFunc(s, unicode.IsSpace) == s {
		return "", ""
	}
	return "Filter Text Starts or Ends With White Space",
		fmt.Sprintf("%s is %q: the platform matches the text as given, white space included, so only names holding that white space match "+
			"(most often none). Remove it (trimspace()) unless the names hold it too.", p, s)
}}

// lookalikeNumber warns about a number (an agent number, a phone number)
// that only looks like one typed in ASCII: full-width digits or signs, as
// a Chinese or Japanese input method types them, or an invisible
// character pasted with it. The platform takes such a value, so an agent
// made in the portal with one can still be adopted; but it is another
// number than the one it looks like: ccsync refuses it in a roster (where
// "6032" would then be a new agent), and SMS sends refuse such a phone.
var lookalikeNumber = textWarning{desc: "should be typed with ASCII digits and signs", check: func(p path.Path, s string) (string, string) {
	why := ""
	for _, r := range s {
		if kind, what := client.Lookalike(r); kind != client.NotLookalike {
			why = what
			if kind == client.InvisibleCharacter {
				why += " (pasted with it?)"
			}
			break
		}
	}
	if why == "" {
		return "", ""
	}
	effect := map[string]string{
		"user_num":       "ccsync refuses it in a roster, where a row typed with ASCII digits would be a new agent",
		"user_sms_phone": "SMS sends refuse such a phone number, and ccsync refuses it in a roster",
	}[p.String()]
	if effect == "" {
		effect = "ccsync refuses it in a roster, and it is not the number people dial"
	}
	return "Number Not in ASCII Characters", fmt.Sprintf("%s %q has %s: the platform takes it, but as another number than the one it looks like (%s). "+
		"Type it with ASCII digits unless the platform's object really holds these characters.", p, s, why, effect)
}}

// bracketed is text in the brackets a message puts around its signature
// (or the ASCII ones the gateway refuses in a signature too);
// fullWidthBracketed only the 【】 a signature is written in.
var (
	bracketed          = regexp.MustCompile(`^\s*[【\[][^【】\[\]]*[】\]]`)
	fullWidthBracketed = regexp.MustCompile(`^\s*【[^【】]*】`)
)

// signatureBrackets warns about a signature written in brackets, or a
// template text that starts with one in 【】 (template names the attribute
// that chooses the template's signature; "" for a signature's text). A
// message carries its signature in 【】 brackets put around it when it is
// sent (the SMS gateway refuses brackets in its signatures; the open
// interface takes them): a signature typed as 【Acme】 read 【【Acme】】, and a
// template that starts with 【Acme】 read 【Acme】【Acme】. A template that
// starts with ASCII brackets ("[Action required] ...") is ordinary text.
func signatureBrackets(template string) textWarning {
	return textWarning{desc: "should not hold the brackets a message puts around its signature", check: func(p path.Path, s string) (string, string) {
		if template != "" {
			head := strings.TrimSpace(fullWidthBracketed.FindString(s))
			if head == "" {
				return "", ""
			}
			return "Template Starts With a Signature", fmt.Sprintf("%s starts with %q, written as a signature is: a message carries its signature (the one %s chooses) "+
				"in 【】 in front of the text, so it would begin with two, 【…】%s. Leave the signature out of the text.", p, head, template, head)
		}
		head := strings.TrimSpace(bracketed.FindString(s))
		if head == "" || head != strings.TrimSpace(s) {
			return "", "" // no brackets, or brackets inside the text, not around it
		}
		inner := []rune(head)
		name := strings.TrimSpace(string(inner[1 : len(inner)-1]))
		// A validator does not see the state: the advice also fits a
		// signature adopted with its brackets (imported, approved as
		// written), which a new sign_text replaces (sign_text forces
		// replacement): a new signature then goes to review and the
		// approved one is deleted.
		fix := " Changing sign_text replaces the signature"
		if name != "" {
			fix = fmt.Sprintf(" For a new signature, write the name alone: %s = %q. Changing sign_text replaces the signature", p, name)
		}
		fix += ": for one already on the platform (imported, approved with its brackets) a new signature is created and goes to review, and the approved one is deleted. " +
			"Keep sign_text as written to keep it."
		return "Signature Text in Brackets", fmt.Sprintf("%s %q is written in brackets: a message carries its signature in the 【】 brackets put around it when it is sent, "+
			"so it would read 【%s】.%s", p, s, head, fix)
	}}
}

// fullWidthVariable is a template variable typed with a Chinese or
// Japanese input method's full-width ＄, ｛ or ｝ (at least one of them).
var fullWidthVariable = regexp.MustCompile(`[$＄][{｛][^{}｛｝]*[}｝]`)

// fullWidthVariables warns about a variable written with full-width
// characters: `$｛name｝` is sent as text, never filled, and `${name｝`
// fails as an unterminated variable without saying which brace is wrong.
var fullWidthVariables = textWarning{desc: "variables should be written ${name} with ASCII characters", check: func(p path.Path, s string) (string, string) {
	var found []string
	for _, m := range fullWidthVariable.FindAllString(s, -1) {
		if q := fmt.Sprintf("%q", m); strings.ContainsAny(m, "＄｛｝") && !slices.Contains(found, q) {
			found = append(found, q)
		}
	}
	if len(found) == 0 {
		return "", ""
	}
	return "Variable Written With Full-Width Characters", fmt.Sprintf("%s holds %s, written with full-width characters (＄ ｛ ｝), which do not make a variable: "+
		"one opened with them is sent as it is written, and one closed with ｝ is unterminated. Type each variable with ASCII characters: ${name}.",
		p, strings.Join(found, ", "))
}}

// invisibleCharacters is tfkit.InvisibleInMessage for the template texts.
var invisibleCharacters = tfkit.InvisibleInMessage()
