package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

const agentsUsage = `usage: ccsync agents <subcommand> FILE.xlsx [flags]

subcommands:
  template FILE.xlsx   write an empty roster: headers, notes, drop-downs [--force]
  export FILE.xlsx     write today's agents in the roster layout (passwords blank)
                       [--force]
  plan FILE.xlsx       show what apply would do, row by row; writes nothing
                       [--detailed-exitcode]
  apply FILE.xlsx      make the platform match the roster
                       [--prune=none|resign|delete] [--yes] [--report OUT.xlsx]
                       [--force] [--concurrency N] [--retries N] [--reset-passwords]
  (plan and apply)     [--terraform-state FILE]...

template and export refuse a FILE that exists, and apply a --report OUT.xlsx
that exists (exit 2, nothing written): --force replaces it. FILE must end in
.xlsx (or .xlsm, .xltx, .xltm), in a folder that exists; both are checked
before anything is read.

--prune resigns or deletes the agents that are not in the sheet; apply lists
them first and, on a terminal, asks before it writes (--yes does not ask).
A roster without agent rows is refused with --prune (exit 2): it would
remove every agent, and is most often an export that went wrong.

--terraform-state FILE (terraform.tfstate, or the output of terraform state
pull; may be given several times) names the agents a Terraform
configuration manages: --prune leaves them to it, and a row that changes
one, or whose queue_ids changes a skill group membership the state manages,
warns that the next terraform apply sets it back (of a field the agent's
configuration leaves unset, such as ag_nickname, only if it sets it: left
unset, the sheet's value stays and Terraform's plan shows nothing).

Ctrl-C (or SIGTERM) during apply starts no further row: the writes in flight
finish and report their outcome, the rows not started are reported "not
started (interrupted)", and apply exits 1 (0 when every row had started and
none failed). A second Ctrl-C aborts at once: a
write cut off is reported "outcome unknown". Running apply again continues:
it plans again from the platform, so it makes the changes left and checks
the writes cut off. Before the first write, Ctrl-C stops with nothing written.

Connection: --endpoint / CONTACTCENTER_ENDPOINT, --access-token /
CONTACTCENTER_ACCESS_TOKEN (and one flag per surface URL); --max-retries
(--retries), --request-timeout and --max-requests-per-second, or their
CONTACTCENTER_* variables. --log FILE (or CCSYNC_LOG) appends a JSON line
per API request (method, path, attempt, status, duration, request_id; a
failure's code and message) and per retry decision to FILE, secrets
redacted.
Output: --output text|json (a run that cannot start prints {"error": "..."};
bad cells, {"problems": [...]}). Exit codes: 0 all done, 1 some rows failed
(or an interrupt left rows not started or cut off, or the platform could not
be reached or failed: credentials refused, a system error), 2 bad input or
usage (every bad cell named). plan --detailed-exitcode exits as terraform
plan -detailed-exitcode does: 0 no changes, 2 changes to apply, 1 any error
(bad input included).
`

// runAgents dispatches `ccsync agents ...` (DESIGN §8).
func runAgents(args []string, stdout, stderr io.Writer) (code int) {
	if len(args) == 0 || isHelp(args[0]) {
		if len(args) == 0 {
			fmt.Fprint(stderr, agentsUsage)
			return exitUsage
		}
		fmt.Fprint(stdout, agentsUsage) // asked for
		return exitOK
	}
	sub, args := args[0], args[1:]
	if helpAsFile(args) {
		fmt.Fprint(stdout, agentsUsage)
		return exitOK
	}
	fs, o, ok := agentsFlags(sub, stderr)
	if !ok {
		fmt.Fprintf(stderr, "ccsync agents: unknown subcommand %q\n\n%s", sub, agentsUsage)
		return usageError(stdout, append([]string{sub}, args...), fmt.Sprintf("unknown subcommand %q (template, export, plan, apply)", sub))
	}
	output, conn, prune, report, concurrency, resetPasswords, yes, force := o.output, o.conn, o.prune, o.report, o.concurrency, o.resetPasswords, o.yes, o.force
	// plan --detailed-exitcode: terraform plan's codes, 0 no changes, 2
	// changes, 1 any error, bad input included (else 2: it would read as
	// changes). Also when a flag before it failed to parse, which leaves
	// it unset.
	changes := false
	if o.detailed != nil && detailedExitcode(args) {
		defer func() {
			switch {
			case code == exitOK && changes:
				code = exitChanges
			case code != exitOK:
				code = exitFailures
			}
		}()
	}
	pos, err := parseArgs(fs, args, stdout)
	if err != nil {
		return parseFailed(stdout, args, err)
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(stderr, "ccsync agents %s: --output must be text or json, not %q\n", sub, *output)
		return exitUsage
	}
	name := "ccsync agents " + sub
	// With --output json, a run that cannot start still prints
	// {"error": "..."} on stdout.
	fail := func(code int, err error) int { return failure(stdout, stderr, *output, name, code, err) }
	if len(pos) != 1 {
		return fail(exitUsage, fmt.Errorf("want exactly one FILE.xlsx, got %d arguments", len(pos)))
	}
	if prune != nil && *prune != importer.PruneNone && *prune != importer.PruneResign && *prune != importer.PruneDelete {
		return fail(exitUsage, fmt.Errorf("--prune must be none, resign or delete, not %q", *prune))
	}
	if concurrency != nil && *concurrency < 1 {
		return fail(exitUsage, fmt.Errorf("--concurrency must be at least 1, not %d", *concurrency))
	}
	// Read before the roster and the platform: a state that cannot be
	// read stops the run with nothing read or written.
	managed, managedMemberships, err := terraformAgents(o.terraformStates)
	if err != nil {
		return fail(exitUsage, err)
	}
	file := pos[0]
	if sub == "export" && conn.logPath != "" && importer.SameFile(conn.logPath, file) {
		// The workbook is written at the end, over the log's lines.
		return fail(exitUsage, fmt.Errorf("%s %s is the workbook the export writes: its lines would be lost; name another file", conn.logSetting(), file))
	}
	if sub == "template" || sub == "export" {
		// Found out at the end, a bad name cost the whole read (and said
		// only "unsupported workbook file format" or a temporary file's
		// name); an existing file was replaced without a word.
		if msg := workbookOutput("", file); msg != "" {
			return fail(exitUsage, errors.New(msg))
		}
		if msg := outputExists("", file, sub, *force, "nothing was written"); msg != "" {
			return fail(exitUsage, errors.New(msg))
		}
	}
	if sub == "plan" || sub == "apply" {
		if msg := inputFolder(file); msg != "" {
			return fail(exitUsage, errors.New(msg))
		}
		// --log appends JSON lines: to the workbook they damage it, and a
		// report written at the end replaced them.
		outputs := map[string]string{conn.logSetting(): conn.logPath}
		if report != nil {
			outputs["--report"] = *report
		}
		if msg := outputClash(file, outputs); msg != "" {
			return fail(exitUsage, errors.New(msg))
		}
	}
	if report != nil {
		if msg := workbookOutput("--report", *report); msg != "" {
			return fail(exitUsage, errors.New(msg))
		}
		if msg := outputExists("--report", *report, "the report", *force, "nothing was written"); msg != "" {
			return fail(exitUsage, errors.New(msg))
		}
	}
	// ctx ends the work at the first SIGINT or SIGTERM, except apply's
	// writes: there the first interrupt closes stopRows (no further row
	// starts; the writes in flight finish) and the second ends applyCtx.
	var (
		ctx, applyCtx context.Context
		stopRows      <-chan struct{}
		// phase: 0 reading and planning, 1 writing, 2 interrupted before writing.
		phase atomic.Int32
	)
	if sub == "apply" {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(context.Background())
		defer cancel()
		stderr = &syncWriter{w: stderr}
		var release func()
		applyCtx, stopRows, release = interruptInTwoSteps(func() {
			if phase.CompareAndSwap(0, 2) {
				cancel()
				return
			}
			fmt.Fprintf(stderr, "%s: interrupted: no further row is started; the writes in flight finish and report their outcome. Interrupt again to abort them at once (their outcome is then unknown)\n", name)
		}, func() {
			if phase.Load() == 1 {
				fmt.Fprintf(stderr, "%s: interrupted again: aborting the writes in flight, whose outcome is unknown\n", name)
			}
		})
		defer release()
	} else {
		var stop func()
		ctx, stop = interruptContext()
		defer stop()
	}

	if sub == "template" {
		if err := importer.WriteTemplate(file); err != nil {
			return fail(exitUsage, err)
		}
		return emit(stdout, *output, map[string]any{"file": file, "columns": len(importer.AgentFields)},
			fmt.Sprintf("wrote an empty roster with %d columns to %s\n", len(importer.AgentFields), file))
	}

	conn.notices = stderr
	if sub == "export" {
		be, err := newBackend(conn)
		if err != nil {
			return fail(exitUsage, err)
		}
		n, notes, err := importer.ExportRoster(ctx, be.Agents, file)
		if err != nil {
			return fail(exitFailures, err)
		}
		text := fmt.Sprintf("exported %d agents to %s\n", n, file)
		for _, note := range notes {
			text += "note: " + note + "\n"
		}
		return emit(stdout, *output, map[string]any{"file": file, "agents": n, "notes": orEmpty(notes)}, text)
	}

	// plan and apply: read and check every row, then plan; nothing is
	// written while any problem remains.
	started := time.Now()
	// An interrupt stops the reading too (context.Canceled, said as what
	// happened): a big or oddly made workbook can take minutes to read,
	// and Ctrl-C did nothing until it was read.
	roster, probs, err := importer.ReadRosterContext(ctx, file)
	if err != nil {
		return fail(exitUsage, err)
	}
	if len(probs) > 0 {
		// A skill group's name in queue_ids: the platform says whose.
		if be, err := newBackend(conn); err == nil {
			probs = importer.NameSkillGroups(ctx, be.Agents, probs)
		}
		if ctx.Err() != nil {
			return fail(exitFailures, ctx.Err())
		}
	}
	if len(probs) == 0 {
		be, err := newBackend(conn)
		if err != nil {
			return fail(exitUsage, err)
		}
		var pprobs importer.Problems
		var plan *importer.Plan
		plan, pprobs, err = importer.PlanRoster(ctx, be.Agents, roster, importer.PlanOptions{Prune: *prune, ResetPasswords: *resetPasswords, Terraform: managed, TerraformMemberships: managedMemberships})
		if err != nil && phase.Load() == 2 {
			return fail(exitFailures, context.Canceled) // said as what happened
		}
		if err != nil {
			return fail(exitFailures, err)
		}
		probs = pprobs
		if msg := emptyRosterPrune(roster, plan); msg != "" && len(probs) == 0 {
			return fail(exitUsage, errors.New(msg))
		}
		if len(probs) == 0 {
			planned := time.Since(started)
			if sub == "plan" {
				changes = plan.Writes() > 0
				return printPlan(stdout, *output, roster, plan, planned)
			}
			if !confirmPrune(ctx, stderr, plan, *yes) || !phase.CompareAndSwap(0, 1) {
				return fail(exitFailures, errors.New("cancelled; nothing was written"))
			}
			return applyPlan(applyCtx, stopRows, stdout, stderr, *output, be, roster, plan, *report, *concurrency)
		}
	}
	if *output == "json" {
		_ = emit(stdout, "json", map[string]any{"problems": problemStrings(probs)}, "")
	}
	printProblems(stderr, name, probs)
	return exitUsage
}

// agentsOpts are the flags of an agents subcommand; those it does not
// have are nil.
type agentsOpts struct {
	output                     *string
	conn                       *ccConn
	prune, report              *string
	concurrency                *int
	resetPasswords, yes, force *bool
	detailed                   *bool
	terraformStates            *stringList
}

// stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ", ") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// terraformAgents reads the agents the --terraform-state files manage, by
// user_num, and the memberships they manage (see exporter.TerraformRoster;
// nil without the flag).
func terraformAgents(states *stringList) (agents, memberships map[string]string, err error) {
	if states == nil || len(*states) == 0 {
		return nil, nil, nil
	}
	agents, memberships = map[string]string{}, map[string]string{}
	merge := func(all, some map[string]string) {
		for key, addr := range some {
			if had, ok := all[key]; ok && had != addr {
				addr = had + ", " + addr
			}
			all[key] = addr
		}
	}
	for _, path := range *states {
		a, m, err := exporter.TerraformRoster(path)
		if err != nil {
			return nil, nil, err
		}
		merge(agents, a)
		merge(memberships, m)
	}
	return agents, memberships, nil
}

// exitChanges is agents plan's exit code with --detailed-exitcode when the
// plan has changes, as terraform plan's.
const exitChanges = 2

// detailedExitcode tells whether the arguments give plan's
// --detailed-exitcode (or -detailed-exitcode, =true), before a "--" (the
// arguments after it are files).
func detailedExitcode(args []string) bool {
	for _, arg := range args {
		if arg == "--" {
			return false
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if on, err := strconv.ParseBool(val); strings.HasPrefix(arg, "-") && name == "detailed-exitcode" && (!hasVal || (err == nil && on)) {
			return true
		}
	}
	return false
}

// agentsFlags is the flag set of `ccsync agents SUB`, writing its errors
// to out; ok is false for a subcommand that does not exist.
func agentsFlags(sub string, out io.Writer) (fs *flag.FlagSet, o agentsOpts, ok bool) {
	fs = flag.NewFlagSet("ccsync agents "+sub, flag.ContinueOnError)
	fs.SetOutput(out)
	o.output = fs.String("output", "text", "output format: text or json")
	switch sub {
	case "template":
		o.force = fs.Bool("force", false, "replace FILE if it exists (without it, an existing FILE is refused)")
	case "export":
		o.conn = addConnFlags(fs)
		o.force = fs.Bool("force", false, "replace FILE if it exists (without it, an existing FILE is refused)")
	case "plan", "apply":
		o.conn = addConnFlags(fs)
		if sub == "plan" {
			o.detailed = fs.Bool("detailed-exitcode", false, "exit 0 when the platform matches the roster, 2 when the plan has changes, 1 on any error, bad input included (terraform plan's codes)")
		}
		o.prune = fs.String("prune", importer.PruneNone, "agents on the platform but not in the sheet: none, resign (user_status 2) or delete")
		o.resetPasswords = fs.Bool("reset-passwords", false, "also send the sheet's passwords to existing agents")
		o.terraformStates = &stringList{}
		fs.Var(o.terraformStates, "terraform-state", "a Terraform state `FILE` (terraform.tfstate, or the output of terraform state pull) whose contactcenter_agent resources "+
			"are left to Terraform: --prune does not resign or delete them, and a row that changes one, or whose queue_ids changes a membership the state manages, warns (may be given several times)")
		if sub == "apply" {
			o.report = fs.String("report", "", "write a Result workbook (row, user_num, action, outcome, message) to this file (a file that exists is refused without --force)")
			o.force = fs.Bool("force", false, "replace the --report file if it exists")
			o.concurrency = fs.Int("concurrency", 4, "writes in flight at once")
			fs.Var(o.conn.settingFlag(client.SettingMaxRetries, "retries"), "retries", "same as --max-retries `N`")
			o.yes = fs.Bool("yes", false, "with --prune, do not ask for confirmation on a terminal")
		}
	default:
		return nil, agentsOpts{}, false
	}
	return fs, o, true
}

// emit writes v as JSON or text.
func emit(w io.Writer, output string, v any, text string) int {
	if output == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return exitFailures
		}
		return exitOK
	}
	fmt.Fprint(w, text)
	return exitOK
}

// failure ends a command that could not run: the message goes to stderr
// after the command's name and, with --output json, stdout still gets one
// JSON document, {"error": "..."}, so a script reading it never finds it
// empty. It returns code. An interrupt (context.Canceled) is said as what
// happened, exit 1; an error from the platform gets ccsync's advice.
func failure(stdout, stderr io.Writer, output, name string, code int, err error) int {
	if errors.Is(err, context.Canceled) {
		err, code = interruptedBeforeWriting(name), exitFailures
	}
	err = advise(err)
	if output == "json" {
		_ = emit(stdout, "json", map[string]any{"error": err.Error()}, "")
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return code
}

func printPlan(w io.Writer, output string, roster *importer.Roster, plan *importer.Plan, took time.Duration) int {
	if output == "json" {
		return emit(w, "json", map[string]any{"file": roster.Path, "sheet": roster.Sheet, "prune": plan.Prune,
			"rows": len(roster.Rows), "counts": plan.Counts(), "not_in_sheet": plan.NotInSheet, "terraform_kept": plan.TerraformKept, "steps": orEmpty(plan.Steps)}, "")
	}
	for _, st := range plan.Steps {
		// A password not sent is said once for all rows, below.
		notes := slices.DeleteFunc(slices.Clone(st.Notes), importer.PasswordNote)
		if st.Action == importer.ActionUnchanged && len(notes) == 0 {
			continue
		}
		fmt.Fprintln(w, describeStep(roster, st))
		for _, note := range notes {
			fmt.Fprintf(w, "%-16s %s\n", "", note)
		}
	}
	if says := plan.PasswordsNotSent(roster); says != "" {
		fmt.Fprintln(w, says)
	}
	fmt.Fprintf(w, "Plan: %s (%d rows read in %s).\n", plan.Summary(), len(roster.Rows), took.Round(time.Millisecond))
	switch {
	case plan.Writes() > 0:
	case slices.ContainsFunc(plan.Steps, func(st importer.Step) bool {
		return slices.ContainsFunc(st.Notes, func(n string) bool { return strings.HasPrefix(n, "warning: ") })
	}):
		// A row whose values cannot be compared (a setting users/list
		// does not answer) is not known to match.
		fmt.Fprintln(w, "No changes to write; see the warnings above.")
	default:
		fmt.Fprintln(w, "No changes: the platform matches the roster.")
	}
	return exitOK
}

// printWarnings shows, before apply writes, each row the plan warns of
// (a Terraform-managed agent or membership the row changes, which the next
// terraform apply sets back; a resigned agent that stays resigned) as the
// plan shows it: apply wrote these rows without a word, so the warnings of
// --terraform-state reached only those who ran plan first. The JSON output
// has them in each step's notes (importer.Result.Notes).
func printWarnings(w io.Writer, roster *importer.Roster, plan *importer.Plan) {
	for _, st := range plan.Steps {
		var warnings []string
		for _, n := range st.Notes {
			if strings.HasPrefix(n, "warning: ") {
				warnings = append(warnings, n)
			}
		}
		if len(warnings) == 0 || st.Action == importer.ActionUnchanged {
			continue
		}
		fmt.Fprintln(w, describeStep(roster, st))
		for _, n := range warnings {
			fmt.Fprintf(w, "%-16s %s\n", "", n)
		}
	}
	// A password typed for an existing agent is not sent: apply wrote
	// the rest of the row without a word of it.
	if says := plan.PasswordsNotSent(roster); says != "" {
		fmt.Fprintln(w, says)
	}
}

// describeStep renders one plan line: "Agents!A5  9004  update  user_email: "a@x" → "b@x"",
// "Agents!A6  9005  create  user_num: "9005", user_name: "Ann Lee", user_password (set)".
func describeStep(roster *importer.Roster, st importer.Step) string {
	where := "(not in sheet)"
	if st.Row > 0 {
		where = roster.Cell(st.Row, "user_num")
	}
	var parts []string
	for _, c := range st.Changes {
		switch {
		case st.Action == importer.ActionCreate && c.Field == "user_password":
			parts = append(parts, "user_password (set)")
		case st.Action == importer.ActionCreate:
			// The values a create writes, as it will write them: what
			// the sheet shows may differ (a number format, a pasted
			// character), and the plan is where to see it.
			parts = append(parts, fmt.Sprintf("%s: %q", c.Field, c.New))
		case c.Field == "user_password":
			parts = append(parts, "user_password (reset)")
		default:
			parts = append(parts, fmt.Sprintf("%s: %q → %q", c.Field, c.Old, c.New))
		}
	}
	line := fmt.Sprintf("%-16s %-12s %-9s %s", where, st.UserNum, st.Action, strings.Join(parts, ", "))
	if st.Row == 0 && st.UserName != "" {
		// An agent pruned: the sheet does not say who the number is.
		if len(parts) > 0 {
			line += "  "
		}
		line += fmt.Sprintf("(user_name %q)", st.UserName)
	}
	return line
}

// applyProgress shows apply's progress on w: a bar on a terminal, else a
// line per row written. The count is of the rows done: after an interrupt,
// the rows not started (reported at once, before the writes in flight
// finish) are not counted, nor shown (the summary counts them); counted,
// they made the lines of the writes finishing next read [17/20] where 2
// rows were written, and filled the bar. end ends the bar's line where the
// run stopped short of the total.
func applyProgress(w io.Writer, bar bool) (progress func(done, total int, r importer.Result), end func()) {
	notStarted, shown, total := 0, 0, 0
	progress = func(done, all int, r importer.Result) {
		total = all
		if r.Outcome == importer.OutcomeNotStarted {
			notStarted++
			return
		}
		done -= notStarted
		if bar {
			progressBar(w, done, all, r.UserNum+" "+string(r.Action))
			shown = done
			return
		}
		if r.Action == importer.ActionUnchanged {
			return
		}
		line := fmt.Sprintf("[%d/%d] %s %s: %s", done, all, r.UserNum, r.Action, r.Outcome)
		if r.Message != "" {
			line += " (" + r.Message + ")"
		}
		fmt.Fprintln(w, line)
	}
	end = func() {
		if bar && shown > 0 && shown < total {
			fmt.Fprintln(w) // progressBar ends the line at the total only
		}
	}
	return progress, end
}

// applyPlan writes the plan. Once stop is closed no further row starts;
// ctx's end cuts the writes in flight off.
func applyPlan(ctx context.Context, stop <-chan struct{}, stdout, stderr io.Writer, output string, be importer.Backend, roster *importer.Roster, plan *importer.Plan, report string, concurrency int) int {
	if output != "json" {
		printWarnings(stdout, roster, plan)
	}
	progress, endProgress := applyProgress(stderr, barTerminal(stderr))
	started := time.Now()
	results := importer.Apply(ctx, be.Agents, plan, importer.ApplyOptions{
		// The client retries (--max-retries, alias --retries) and looks a
		// create up by user_num before sending it again; a second loop here
		// would multiply the attempts.
		Concurrency: concurrency, Retries: -1, Stop: stop,
		Progress: progress,
	})
	endProgress()
	took := time.Since(started)
	failed := importer.Failed(results)
	var reportErr error // not a row's failure: the run still says what was done
	if report != "" {
		if err := writeResults(report, results); err != nil {
			fmt.Fprintf(stderr, "ccsync agents apply: write report: %v\n", err)
			reportErr = fmt.Errorf("write report %s: %w", report, err)
		}
	}
	outcomes := map[string]int{}
	for _, r := range results {
		outcomes[r.Outcome]++
	}
	notStarted, unknown := outcomes[importer.OutcomeNotStarted], outcomes[importer.OutcomeUnknown]
	interrupted := ""
	select {
	case <-stop:
		interrupted = "interrupted"
		if ctx.Err() != nil {
			interrupted = "aborted"
		}
	default:
	}
	code := exitOK
	if failed > 0 || notStarted+unknown > 0 || reportErr != nil {
		code = exitFailures // an interrupt that left nothing undone is no failure
	}
	if output == "json" {
		// The plan's vocabulary (README, "ccsync --output json"): counts by
		// action and a steps list, each step with its outcome.
		out := map[string]any{"file": roster.Path, "sheet": roster.Sheet, "prune": plan.Prune,
			"rows": len(roster.Rows), "counts": plan.Counts(), "not_in_sheet": plan.NotInSheet, "terraform_kept": plan.TerraformKept, "outcomes": outcomes, "failed": failed,
			"interrupted": interrupted, "steps": orEmpty(results), "seconds": took.Seconds(), "report": report}
		if reportErr != nil {
			out["error"] = reportErr.Error()
		}
		_ = emit(stdout, "json", out, "")
		return code
	}
	for _, r := range results {
		switch r.Outcome {
		case importer.OutcomeFailed:
			fmt.Fprintf(stdout, "FAILED %-12s %-9s %s\n", r.UserNum, r.Action, r.Message)
		case importer.OutcomeUnknown:
			fmt.Fprintf(stdout, "UNKNOWN %-12s %-9s %s\n", r.UserNum, r.Action, r.Message)
		}
	}
	limited, transient := 0, 0
	for _, r := range results {
		if r.RateLimited {
			limited++
		}
		if r.Outcome == importer.OutcomeFailed && r.Transient {
			transient++
		}
	}
	if transient > 0 {
		// The FAILED line named only the last answer ("HTTP 503: simulated
		// server fault"): not whether the row was written, nor what to do.
		fmt.Fprintf(stdout, "%s on errors that may pass (the service failed, or the connection was dropped or timed out, at each attempt): "+
			"run apply again; it plans again from the platform, so it writes only what is left (a create whose answer was lost is found by its user_num).\n",
			count(transient, "row failed", "rows failed"))
	}
	if limited > 0 {
		fmt.Fprintf(stdout, "%s on the platform's rate limit (HTTP 429) after every retry: set --max-requests-per-second "+
			"(or CONTACTCENTER_MAX_REQUESTS_PER_SECOND) below its limit, then run apply again.\n", count(limited, "row failed", "rows failed"))
	}
	tally := fmt.Sprintf("%d failed", failed)
	if interrupted != "" || notStarted+unknown > 0 {
		tally += fmt.Sprintf(", %d outcome unknown, %d not started", unknown, notStarted)
	}
	fmt.Fprintf(stdout, "Apply: %s; %s (%s).\n", plan.Summary(), tally, took.Round(time.Millisecond))
	switch interrupted {
	case "interrupted":
		if notStarted == 0 {
			fmt.Fprintln(stdout, "Interrupted after every row had started: all of them finished.")
			break
		}
		fmt.Fprintf(stdout, "Stopped: interrupted; the writes in flight finished and %s not started. Running apply again continues: it plans again from the platform.\n", count(notStarted, "row was", "rows were"))
	case "aborted":
		fmt.Fprintf(stdout, "Stopped: aborted by a second interrupt; %s cut off (outcome unknown) and %s not started. Running apply again continues: it plans again from the platform, which settles the writes cut off.\n",
			count(unknown, "write was", "writes were"), count(notStarted, "row was", "rows were"))
	}
	switch {
	case reportErr != nil:
		fmt.Fprintf(stdout, "Report not written: %v\n", reportErr)
	case report != "":
		fmt.Fprintln(stdout, reportLine(report, code != exitOK || interrupted != ""))
	}
	return code
}

// writeResults writes apply's report; a test replaces it to fail a write
// that outputWritable let through (a disk that fills up during the run).
var writeResults = importer.WriteResults

// Where a prune confirmation is read, and whether one can be asked: only
// when both stdin and stderr are terminals. Tests replace them.
var (
	confirmInput io.Reader = os.Stdin
	canConfirm             = func(stderr io.Writer) bool { return isTerminal(os.Stdin) && isTerminal(stderr) }
)

// emptyRosterPrune refuses a prune planned from a roster without a row:
// it would resign or delete every agent on the platform, and an empty
// sheet is far more often an export or a copy that went wrong (an HR
// system's export that came out empty) than a wish to remove everyone. In
// a CI job apply does not ask (no terminal), and --yes does not ask either:
// a header-only roster with --prune=delete deleted every agent, exit 0. It
// returns the message, or "".
func emptyRosterPrune(roster *importer.Roster, plan *importer.Plan) string {
	if len(roster.Rows) > 0 {
		return ""
	}
	c := plan.Counts()
	n := c[importer.ActionResign] + c[importer.ActionDelete]
	if n == 0 {
		return ""
	}
	verb := "resign"
	if plan.Prune == importer.PruneDelete {
		verb = "delete"
	}
	return fmt.Sprintf("%s has no agent rows: --prune=%s would %s every agent on the platform (%d); an empty roster is most often an export "+
		"or a copy that went wrong, so ccsync does not prune from one (nothing was written). Check the file; to remove agents, list the ones "+
		"to keep in the sheet, or remove them in the portal", roster.Path, plan.Prune, verb, n)
}

// confirmPrune lists the agents --prune will resign or delete and, on a
// terminal and without --yes, asks before anything is written. It reports
// whether apply may go on. Without a terminal it never asks.
func confirmPrune(ctx context.Context, stderr io.Writer, plan *importer.Plan, yes bool) bool {
	var pruned []importer.Step
	for _, st := range plan.Steps {
		if st.Action == importer.ActionResign || st.Action == importer.ActionDelete {
			pruned = append(pruned, st)
		}
	}
	if len(pruned) == 0 {
		return true
	}
	verb, ask := "resign (user_status 2)", "Resign"
	if plan.Prune == importer.PruneDelete {
		verb, ask = "delete", "Delete"
	}
	// Every agent, number and name (the number alone did not tell an
	// operator who "1043" is), one a line, in columns: a list of hundreds
	// is read down its columns, and the question after it repeats the count.
	width := 0
	for _, st := range pruned {
		width = max(width, len(st.UserNum))
	}
	fmt.Fprintf(stderr, "--prune=%s will %s %d agent(s) that are not in the sheet:\n", plan.Prune, verb, len(pruned))
	for _, st := range pruned {
		notes := ""
		if len(st.Notes) > 0 {
			notes = "  " + strings.Join(st.Notes, "; ")
		}
		name := "(no name)"
		if st.UserName != "" {
			name = strconv.Quote(st.UserName)
		}
		fmt.Fprintf(stderr, "  %-9s %-*s  %s%s\n", st.Action, width, st.UserNum, name, notes)
	}
	if yes || !canConfirm(stderr) {
		return true
	}
	// The question names --yes: a job that runs on a terminal nobody
	// types at (docker run -t, a CI step under script) waits here.
	fmt.Fprintf(stderr, "%s these %d agent(s) and apply the rest of the plan? Only 'yes' goes on (--yes answers it for scripts): ", ask, len(pruned))
	answer := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(confirmInput).ReadString('\n')
		answer <- strings.TrimSpace(line)
	}()
	select {
	case a := <-answer:
		return a == "yes"
	case <-ctx.Done():
		fmt.Fprintln(stderr)
		return false
	}
}

// count is n with the words for one or for several: "1 row was", "2 rows were".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// orEmpty is s, or an empty slice for nil: a list in --output json is
// always an array, [] when it has nothing ("steps": null was printed for
// a sheet without rows).
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
