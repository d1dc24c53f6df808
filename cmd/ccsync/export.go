package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"unicode"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

const exportUsage = `usage: ccsync export terraform DIR [flags]

Writes a working Terraform root module for what exists on the platform:
versions.tf, one file per kind, imports.tf (import blocks) and sounds/ (the
voice files, downloaded). References between objects are resolved; the
first terraform plan imports everything and changes nothing.

flags:
  --kinds K,...        kinds to export (default all): agents, skill_groups,
                       skill_group_members, webhooks, outbound_tasks,
                       sms_signatures, sms_templates, sounds,
                       gateway_sms_signatures, gateway_sms_templates
  --membership M       authoritative (one contactcenter_skill_group_members
                       per group, default) or member (one
                       contactcenter_skill_group_member per agent and group)
  --force              write into a folder that is not empty: the files of the
                       kinds exported are replaced (and removed, with a line
                       saying so, for a kind that has no object left);
                       every other file is kept, an earlier export's files
                       of other kinds and their import blocks included; in
                       sounds/, only the voice files the export downloads
                       are replaced (your own files stay, and so does the
                       file of a voice file since deleted on the platform:
                       delete it yourself; a sounds/ that is a symbolic
                       link is refused); an existing versions.tf is
                       kept; into a folder with a local state
                       (terraform.tfstate, terraform.tfstate.d/), an
                       object keeps the name the state gives it (renamed
                       in the portal since, or named otherwise by an
                       earlier ccsync), and an export that would still
                       move one to another address (moved into a module
                       or under count/for_each by you, a membership in the
                       other form) is refused, nothing written: the next
                       plan would import it at the new address too; an
                       object a .tf file of yours in the folder declares
                       (at the export's address, or by the id of your
                       import block or state entry) is left out, with a
                       note naming the file (a .tf file that does not
                       parse is refused; OpenTofu's .tofu and .tofu.json
                       files are read too, and a .tofu file named like
                       one the export writes, imports.tofu, is refused)
  --state FILE         also keep the names this state gives the objects:
                       for a folder whose state a backend keeps, FILE is
                       the output of terraform state pull (without it,
                       --force into a folder with a backend is refused)
  --output text|json

Connection: --endpoint / CONTACTCENTER_ENDPOINT, --access-token /
CONTACTCENTER_ACCESS_TOKEN, --sms-app-id / --sms-app-key (gateway kinds).
--log FILE (or CCSYNC_LOG) appends a JSON line per API request (method,
path, attempt, status, duration, request_id; a failure's code and message)
and per retry decision to FILE, secrets redacted.
Exit codes: 0 done; 1 some objects could not be read (the module is written
without them, and they are listed) or the platform is unreachable (nothing
is written); 2 bad input or usage.
`

// exportOpts are the flags of export terraform.
type exportOpts struct {
	output, kinds, membership, stateFile *string
	force                                *bool
	conn                                 *ccConn
}

// exportFlags is the flag set of `ccsync export terraform`, writing to
// out. Its help is the text above, then every flag (the connection flags,
// --max-retries and the others, too), as sms send's is.
func exportFlags(out io.Writer) (*flag.FlagSet, exportOpts) {
	fs := flag.NewFlagSet("ccsync export terraform", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), exportUsage)
		fmt.Fprintln(fs.Output(), "\nEvery flag:")
		fs.PrintDefaults()
	}
	var o exportOpts
	o.output = fs.String("output", "text", "output format: text or json")
	o.kinds = fs.String("kinds", "", "comma-separated kinds to export (default all)")
	o.membership = fs.String("membership", exporter.MembershipAuthoritative, "skill-group membership form: authoritative or member")
	o.force = fs.Bool("force", false, "write into a folder that is not empty")
	o.stateFile = fs.String("state", "", "a state to keep the names of (the output of terraform state pull, for a folder whose state a backend keeps)")
	o.conn = addConnFlags(fs)
	return fs, o
}

// runExport dispatches `ccsync export terraform ...` (DESIGN §8).
func runExport(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, exportUsage)
		return exitUsage
	}
	// ccsync export terraform help: the help, as ccsync export help gives
	// it (it exported into a folder named help; ./help still does).
	if isHelp(args[0]) || (args[0] == "terraform" && len(args) > 1 && args[1] == "help") {
		fs, _ := exportFlags(stdout)
		fs.Usage()
		return exitOK
	}
	if args[0] != "terraform" {
		fmt.Fprintf(stderr, "ccsync export: unknown format %q (spreadsheets: ccsync agents export)\n\n%s", args[0], exportUsage)
		return usageError(stdout, args, fmt.Sprintf("unknown format %q (ccsync export terraform DIR; spreadsheets: ccsync agents export)", args[0]))
	}
	const name = "ccsync export terraform"
	fs, o := exportFlags(stderr)
	output, kinds, membership, force, stateFile, conn := o.output, o.kinds, o.membership, o.force, o.stateFile, o.conn
	pos, err := parseArgs(fs, args[1:], stdout)
	if err != nil {
		return parseFailed(stdout, args[1:], err)
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(stderr, "%s: --output must be text or json, not %q\n", name, *output)
		return exitUsage
	}
	// With --output json, an export that cannot start still prints
	// {"error": "..."} on stdout.
	fail := func(code int, err error) int { return failure(stdout, stderr, *output, name, code, err) }
	if len(pos) != 1 {
		return fail(exitUsage, fmt.Errorf("want exactly one DIR, got %d arguments", len(pos)))
	}
	ks, err := exporter.ParseKinds(*kinds)
	if err != nil {
		return fail(exitUsage, err)
	}
	// The gateway kinds need the gateway's own credentials: without them
	// a default export leaves them out (and says so); asking for them by
	// name is bad input.
	var gateway []exporter.Kind
	for _, k := range ks {
		if k == exporter.KindGatewaySMSSignatures || k == exporter.KindGatewaySMSTemplates {
			gateway = append(gateway, k)
		}
	}
	skipped := ""
	if len(gateway) > 0 && (conn.appID == "" || conn.appKey == "") {
		if *kinds != "" {
			return fail(exitUsage, fmt.Errorf("--kinds names %v, which need the SMS gateway credentials: set --sms-app-id and --sms-app-key "+
				"(CONTACTCENTER_SMS_APP_ID, CONTACTCENTER_SMS_APP_KEY)", gateway))
		}
		ks = slices.DeleteFunc(ks, func(k exporter.Kind) bool { return slices.Contains(gateway, k) })
		skipped = "no SMS gateway credentials (CONTACTCENTER_SMS_APP_ID, CONTACTCENTER_SMS_APP_KEY): gateway signatures and templates are not exported"
		// One of the two given: name the other (the note said there were
		// none, to a user who had set the app id).
		switch {
		case conn.appID != "" && conn.appKey == "":
			skipped = "no SMS gateway app key (--sms-app-key or CONTACTCENTER_SMS_APP_KEY; the app id is set): gateway signatures and templates are not exported"
		case conn.appID == "" && conn.appKey != "":
			skipped = "no SMS gateway app id (--sms-app-id or CONTACTCENTER_SMS_APP_ID; the app key is set): gateway signatures and templates are not exported"
		}
	}
	// The log is opened (created) before the export looks at DIR: inside
	// DIR, a new or empty folder was then refused as "not empty (1
	// entries)", the log ccsync had just made, and with --force a log
	// named as one of the export's files was replaced by it, its lines
	// lost.
	if msg := logInside(conn, pos[0], *force); msg != "" {
		return fail(exitUsage, errors.New(msg))
	}
	conn.notices = stderr
	cfg, err := conn.clientConfig()
	if err != nil {
		return fail(exitUsage, err)
	}
	c, err := client.New(cfg)
	if err != nil {
		return fail(exitUsage, err)
	}
	ctx, stop := interruptContext()
	defer stop()

	bar := barTerminal(stderr)
	opts := exporter.Options{Dir: pos[0], Kinds: ks, Membership: *membership, Force: *force, StateFile: *stateFile,
		Progress: func(p exporter.Progress) {
			if p.Stage != "read" {
				return
			}
			switch {
			case bar:
				progressBar(stderr, p.Done, p.Total, readLabel(p.Kind))
			case p.Done == p.Total:
				fmt.Fprintln(stderr, readLine(p))
			}
		}}
	sum, err := exporter.Export(ctx, c, opts)
	if err != nil {
		if errors.Is(err, exporter.ErrInput) {
			return fail(exitUsage, err)
		}
		code := fail(exitFailures, adviseRetriedRead(err))
		// A move into the folder that failed after others says what was
		// written (it said "Nothing was written." with the .tf files
		// replaced); a cancel says it in failure.
		if !errors.Is(err, context.Canceled) && !errors.Is(err, exporter.ErrPartlyWritten) {
			fmt.Fprintln(stderr, "Nothing was written.")
		}
		return code
	}
	if skipped != "" {
		sum.Notes = append(sum.Notes, skipped)
	}
	code := exitOK
	if len(sum.Failed) > 0 {
		code = exitFailures
	}
	if *output == "json" {
		if emit(stdout, "json", sum, "") != exitOK {
			return exitFailures
		}
		return code
	}
	printExportSummary(stdout, sum, *membership)
	return code
}

// readLabel names what an export reads of kind k, beside its progress bar.
// The members are counted in skill groups: "read skill group members: 200"
// was said of 200 groups, of which 40 had members and got a resource.
func readLabel(k exporter.Kind) string {
	if k == exporter.KindSkillGroupMembers {
		return "read the members of skill groups"
	}
	return "read " + strings.ReplaceAll(strings.ReplaceAll(string(k), "_", " "), "sms", "SMS")
}

// readLine is the line an export writes once it has read all of a kind,
// when stderr is not a terminal: "read agents: 2", "read the members of
// 200 skill groups (40 with members)".
func readLine(p exporter.Progress) string {
	if p.Kind == exporter.KindSkillGroupMembers {
		return fmt.Sprintf("read the members of %s (%d with members)", count(p.Total, "skill group", "skill groups"), p.WithMembers)
	}
	return fmt.Sprintf("%s: %d", readLabel(p.Kind), p.Total)
}

// printExportSummary says what an export wrote; membership is its form of
// the memberships (--membership).
func printExportSummary(w io.Writer, sum *exporter.Summary, membership string) {
	// The kinds in file order (agents, skill groups, ...), each counted in
	// the singular or the plural: "1 sound, 2 webhooks".
	kinds := make([]string, 0, len(sum.Resources))
	for _, k := range exporter.AllKinds {
		n, ok := sum.Resources[k]
		switch {
		case !ok:
		case k == exporter.KindSkillGroupMembers && membership != exporter.MembershipMember:
			// One resource holds a whole group's members: "1 skill group
			// member" was said of one holding ten agents.
			kinds = append(kinds, "the members of "+count(n, "skill group", "skill groups"))
		default:
			many := strings.ReplaceAll(string(k), "_", " ")
			kinds = append(kinds, count(n, strings.TrimSuffix(many, "s"), many))
		}
	}
	what := ": " + strings.Join(kinds, ", ")
	if len(kinds) == 0 {
		what = " (the contact center holds none of the kinds exported)"
	}
	fmt.Fprintf(w, "Exported %s to %s in %.1fs%s.\n", count(sum.Imports, "resource", "resources"), sum.Dir, sum.Seconds, what)
	for _, l := range sum.Literal {
		fmt.Fprintf(w, "literal id: %s\n", l)
	}
	for _, f := range sum.Failed {
		fmt.Fprintf(w, "FAILED (left out): %s\n", f)
	}
	for _, n := range sum.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	for _, f := range sum.Removed {
		fmt.Fprintf(w, "removed: %s (an earlier export's file of a kind exported again, which has no object left)\n", f)
	}
	next := "cd " + shellQuote(sum.Dir) + " && "
	if filepath.Clean(sum.Dir) == "." {
		next = ""
	}
	fmt.Fprintf(w, "Next: %sterraform init && terraform plan (with the CONTACTCENTER_* variables set).\n", next)
}

// shellQuote is path as the command line of this system reads it back
// (quotePath).
func shellQuote(path string) string { return quotePath(runtime.GOOS, path) }

// quotePath is path as a shell reads it back: as it is when every
// character is a letter, a digit or one of _./-+:@%,=, else in single
// quotes ("cd my dir && …" was printed, which cd reads as two words). On
// Windows, where the command line is cmd.exe or PowerShell, a backslash is
// plain too, and a path is quoted in double quotes, which both read as one
// word (a Windows path holds no "): the single quotes, which cmd.exe does
// not take for quotes, made "cd 'Z:\My Data\cc'" fail there, and every
// path with a backslash was quoted.
func quotePath(goos, path string) string {
	plain := "_./-+:@%,="
	if goos == "windows" {
		plain += `\`
	}
	safe := path != ""
	for _, r := range path {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(plain, r) {
			safe = false
			break
		}
	}
	switch {
	case safe:
		return path
	case goos == "windows":
		return `"` + path + `"`
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}

// logInside refuses a --log (or CCSYNC_LOG) file inside dir, the folder
// the export writes: without --force (the folder must be new or empty,
// and the log would be the entry that makes it not), and with it where
// the export's files go (a .tf file, which Terraform would also read as
// configuration, or one under sounds/). It returns the message, or "".
func logInside(conn *ccConn, dir string, force bool) string {
	if conn.logPath == "" || conn.logPath == "-" {
		return "" // none, or refused as "-" when the client is made
	}
	rel, ok := within(dir, conn.logPath)
	if !ok {
		return ""
	}
	ext := strings.ToLower(filepath.Ext(rel))
	inSounds := strings.HasPrefix(rel, "sounds"+string(filepath.Separator))
	switch {
	case !force:
		return fmt.Sprintf("%s %s is inside %s, the folder the export writes, which must be new or empty without --force: "+
			"the log ccsync creates there would make it not empty; name a file outside %s (nothing was written)",
			conn.logSetting(), conn.logPath, dir, dir)
	case ext == ".tf" || strings.HasSuffix(strings.ToLower(rel), ".tf.json") || inSounds:
		return fmt.Sprintf("%s %s is where the export writes its files in %s (a .tf file, which Terraform also reads as configuration, or sounds/): "+
			"the export would replace the log, or Terraform read it; name a file outside %s (nothing was written)",
			conn.logSetting(), conn.logPath, dir, dir)
	}
	return ""
}

// within reports whether path lies under dir, and its path relative to
// dir, comparing the folders as they are once their links are followed
// (where they exist).
func within(dir, path string) (string, bool) {
	real := func(p string) string {
		p, err := filepath.Abs(p)
		if err != nil {
			return filepath.Clean(p)
		}
		// The longest part of p that exists, with its links followed.
		rest := ""
		for q := p; ; q = filepath.Dir(q) {
			if r, err := filepath.EvalSymlinks(q); err == nil {
				return filepath.Join(r, rest)
			}
			if filepath.Dir(q) == q {
				return p
			}
			rest = filepath.Join(filepath.Base(q), rest)
		}
	}
	rel, err := filepath.Rel(real(dir), real(path))
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}
