// Command terraform-provider-contactcenter serves the contactcenter
// Terraform provider (protocol 6).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// version is set at build time: go build -ldflags "-X main.version=1.2.3"
// (the Makefile's VERSION, goreleaser's tag). Terraform sees it through
// provider.New; -version prints it.
var version = "dev"

func main() {
	var debug, showVersion bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers such as delve")
	flag.BoolVar(&showVersion, "version", false, "print the version and exit")
	flag.Parse()
	if showVersion {
		fmt.Printf("terraform-provider-contactcenter %s\n", version)
		return
	}
	if !debug {
		// In -debug mode the logs go to this process's own terminal, and
		// nothing is switched off.
		for _, name := range unwantedLogs(os.Getenv) {
			_ = os.Setenv(name, "OFF")
		}
		// Served by Terraform: outlive a SIGTERM sent to the whole process
		// group (see outliveSIGTERM; Unix only).
		watchSIGTERM()
	}
	// As providerserver.Serve, with the server behind provider.Detached
	// (request contexts not kept past their request).
	var opts []tf6server.ServeOpt
	if debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	if err := tf6server.Serve("registry.terraform.io/contactcenter/contactcenter", provider.NewServer(version), opts...); err != nil {
		log.Fatal(err)
	}
}

// logLevelVars are the variables that set the level of each of the
// provider's loggers: the SDK's root, its protocol and framework subsystems,
// and the provider's own (tflog).
var logLevelVars = []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_CONTACTCENTER"}

// unwantedLogs names the log-level variables to set to OFF because
// Terraform would throw their logs away.
//
// A logger whose variable is unset logs at TRACE: every line is encoded as
// JSON on stderr, where Terraform decodes it and, unless TF_LOG_PROVIDER
// (or, without it, TF_LOG) asks for provider logs, drops it. The framework
// logs each attribute it walks, so for a large plan this is about a fifth
// of the provider's CPU and a share of Terraform's
// (hashicorp/terraform-plugin-framework#1269). When Terraform keeps provider
// logs, or a variable is set, nothing is changed.
func unwantedLogs(getenv func(string) string) []string {
	// Terraform's own rule for the provider log level.
	level := getenv("TF_LOG_PROVIDER")
	if level == "" {
		level = getenv("TF_LOG")
	}
	if level != "" && !strings.EqualFold(level, "OFF") {
		return nil
	}
	var off []string
	for _, name := range logLevelVars {
		if getenv(name) == "" {
			off = append(off, name)
		}
	}
	return off
}
