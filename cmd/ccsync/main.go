// Command ccsync is the companion utility of the contactcenter provider: it
// runs the built-in simulator and (in later commands) syncs spreadsheets.
package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/replaceable"
)

// version is set at build time: go build -ldflags "-X main.version=1.2.3"
// (the Makefile's VERSION, goreleaser's tag).
var version = "dev"

// Exit codes (DESIGN §8).
const (
	exitOK       = 0
	exitFailures = 1
	exitUsage    = 2
)

// command is one ccsync subcommand.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"simulator", "run the built-in contact-center simulator", runSimulator},
		{"agents", "sync agents with a spreadsheet roster: template, export, plan, apply", runAgents},
		{"sms", "SMS tools: sms send, sms status pull|listen", runSMS},
		{"export", "export terraform DIR: a Terraform root module for what exists", runExport},
		{"version", "print the version of ccsync", runVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	if isHelp(args[0]) {
		if len(args) == 1 || isHelp(args[1]) {
			usage(stdout) // asked for
			return exitOK
		}
		// ccsync help agents [plan]: that command's help.
		args = append(slices.Clone(args[1:]), "--help")
	}
	if args[0] == "--version" || args[0] == "-version" {
		return runVersion(args[1:], stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	if strings.HasPrefix(args[0], "-") {
		// `ccsync --log x agents plan ...` said unknown command "--log".
		fmt.Fprintf(stderr, "ccsync: %s is a flag, and flags go after the command: ccsync <command> [flags], such as ccsync agents plan FILE.xlsx %s\n\n", args[0], args[0])
		usage(stderr)
		return exitUsage
	}
	fmt.Fprintf(stderr, "ccsync: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

// helpAsFile reports whether a command's only argument, where a file is
// named, is "help" and no file has that name: `ccsync agents plan help`
// read "help" as the workbook (open help: no such file), where `export
// terraform help` prints the help. A file named help is still read.
func helpAsFile(args []string) bool {
	if len(args) != 1 || args[0] != "help" {
		return false
	}
	_, err := os.Stat("help")
	return err != nil
}

// isHelp reports whether arg asks for a command's help: -h, --help or help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "--help" || arg == "-help" || arg == "help"
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: ccsync <command> [flags]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
}

// runVersion prints "ccsync VERSION" (ccsync version, ccsync --version).
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Fprintln(stdout, "usage: ccsync version (or ccsync --version): print the version of ccsync")
		return exitOK
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "ccsync version: unexpected argument %q\n", args[0])
		return exitUsage
	}
	fmt.Fprintf(stdout, "ccsync %s\n", versionString())
	return exitOK
}

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

// versionString is the version set at build time or, for a build that
// set none (go install .../cmd/ccsync@v1.2.3), the main module's version
// as Go recorded it, without its "v" as a release's is written; "dev" for
// a build Go recorded no version for ("(devel)"). A build from a clone
// whose Go stamps version control (the default) records a pseudo-version
// naming the commit (0.0.0-20261124105311-5f38d2cf4a7a, "+dirty" with
// changes), which is printed: it says what was built.
func versionString() string {
	if version != "dev" {
		return version
	}
	if bi, ok := readBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return strings.TrimPrefix(bi.Main.Version, "v")
	}
	return version
}

// outputClash refuses an output file (--report, --journal, --log) that is the
// input workbook or another output: writing it would replace the sheet.
// It returns the message to print, or "".
func outputClash(input string, outputs map[string]string) string {
	for _, flag := range slices.Sorted(maps.Keys(outputs)) {
		out := outputs[flag]
		if out == "" {
			continue
		}
		if importer.SameFile(out, input) {
			return fmt.Sprintf("%s %s is the input workbook itself: writing it would damage the sheet; name another file", flag, out)
		}
		for _, other := range slices.Sorted(maps.Keys(outputs)) {
			if other < flag && outputs[other] != "" && importer.SameFile(out, outputs[other]) {
				return fmt.Sprintf("%s and %s name the same file %s; name two files", other, flag, out)
			}
		}
	}
	return ""
}

// outputWritable checks, before a run writes anything, that the file an
// output flag names (--report) can be written once the run is done: its
// folder exists and takes a new file, it is not a folder itself, and an
// existing file can be replaced (replaceable.Check: on Windows, not open
// in Excel and not read-only).
// Found out only at the end, the run's record would be lost after its
// writes. It returns the message to print, or "".
// flag is "" for a positional FILE (agents template and export).
func outputWritable(flag, path string) string {
	if path == "" {
		return ""
	}
	what := path
	if flag != "" {
		what = flag + " " + path
	}
	dir := filepath.Dir(path)
	switch st, err := os.Stat(dir); { //nolint:gosec // G703: the path the user named on the command line, to write to
	case err != nil && os.IsNotExist(err):
		return fmt.Sprintf("%s: the folder %s does not exist; create it or name a file in a folder that exists (nothing was written)", what, dir)
	case err != nil:
		return fmt.Sprintf("%s: %v; name a file in a folder you can write to (nothing was written)", what, err)
	case !st.IsDir():
		return fmt.Sprintf("%s: %s is a file, not a folder; name a file in a folder that exists (nothing was written)", what, dir)
	}
	st, err := os.Stat(path) //nolint:gosec // G703: as above
	if err == nil && st.IsDir() {
		return fmt.Sprintf("%s is a folder; name a file (OUT.xlsx) to write (nothing was written)", what)
	}
	if err == nil && st.Mode().IsRegular() {
		// On Windows, a report open in Excel: the run did its writes (sent
		// the messages, changed the agents), then lost their record with
		// "rename .report.xlsx.123.tmp report.xlsx: Access is denied.".
		switch err := replaceable.Check(path); {
		case errors.Is(err, replaceable.ErrOpenElsewhere):
			return fmt.Sprintf("%s is open in another program (Excel keeps a workbook it shows open), which keeps it from being replaced; close it there, or name another file (nothing was written)", what)
		case errors.Is(err, replaceable.ErrReadOnly):
			return fmt.Sprintf("%s cannot be replaced (%v): clear its Read-only attribute, or name another file (nothing was written)", what, err)
		case err != nil:
			return fmt.Sprintf("%s cannot be replaced (%v); name another file (nothing was written)", what, err)
		}
	}
	probe, err := os.CreateTemp(dir, ".ccsync-write-check-*")
	if err != nil {
		return fmt.Sprintf("%s: the folder %s does not take a new file (%v); name a file in a folder you can write to (nothing was written)", what, dir, err)
	}
	_ = probe.Close()           // empty, about to be removed
	_ = os.Remove(probe.Name()) //nolint:gosec // G703: the file just made; a leftover empty file is no harm
	return ""
}

// workbookOutput is outputWritable for a workbook ccsync writes (agents
// template and export, a --report): its name must also end in .xlsx, the
// only format written (another name failed once the work was done, with
// "unsupported workbook file format"). It returns the message, or "".
func workbookOutput(flag, path string) string {
	if path == "" {
		return ""
	}
	if msg := outputWritable(flag, path); msg != "" {
		return msg // a folder is told as one, whatever its name
	}
	if !slices.ContainsFunc(workbookExts, func(ext string) bool { return strings.EqualFold(filepath.Ext(path), ext) }) {
		what := path
		if flag != "" {
			what = flag + " " + path
		}
		return fmt.Sprintf("%s: the name must end in .xlsx (or .xlsm, .xltx, .xltm: an Excel workbook is what is written); name a file such as OUT.xlsx (nothing was written)", what)
	}
	return ""
}

// outputExists refuses an output file (a --report, or agents template's
// and export's FILE) that already exists, unless force: the run replaced
// it without a word, and the file named by mistake (another roster, last
// week's list, the report of the run before) was lost. flag is "" for a
// positional FILE; by names what would replace it ("the report",
// "export"); what is said after the refusal ("nothing was sent"). It
// returns the message, or "".
func outputExists(flag, path, by string, force bool, what string) string {
	if path == "" || force {
		return ""
	}
	if st, err := os.Stat(path); err == nil && !st.IsDir() { //nolint:gosec // G703: the path the user named, only looked at
		return fmt.Sprintf("%s already exists: %s would replace it; name another file, or add --force to replace it (%s)",
			strings.TrimSpace(flag+" "+path), by, what)
	}
	return ""
}

// reportLine is the line that names the report a run wrote. A run that
// ends asking to be run again (a stop, failed rows) adds that the next run
// needs --force to replace it: outputExists refuses it otherwise, and the
// run again the line above advises would stop at once on its own report.
func reportLine(report string, again bool) string {
	if again {
		return fmt.Sprintf("Report: %s (a run again with the same --report needs --force to replace it; or name another file)", report)
	}
	return "Report: " + report
}

// workbookExts are the names of the workbooks ccsync writes (and reads):
// Excel's Open XML workbooks and templates, with or without macros.
var workbookExts = []string{".xlsx", ".xlsm", ".xltx", ".xltm"}

// inputFolder tells, for the workbook a command reads (agents plan and
// apply, sms send), that it is a folder: read as a file, a folder is
// empty, and the run said "is empty (0 bytes), not a workbook". It
// returns the message, or "".
func inputFolder(path string) string {
	if st, err := os.Stat(path); err == nil && st.IsDir() { //nolint:gosec // G703: the path the user named, only looked at
		return fmt.Sprintf("%s is a folder, not a workbook; name the .xlsx file to read", path)
	}
	return ""
}
