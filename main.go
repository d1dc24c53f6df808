// Command terraform-provider-contactcenter serves the contactcenter
// Terraform provider (protocol 6).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

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
	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address: "registry.terraform.io/contactcenter/contactcenter",
		Debug:   debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
