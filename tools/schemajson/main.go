// Command schemajson writes the provider's schemas in the format of
// `terraform providers schema -json`, read from the provider server in
// process (DESIGN §7).
//
// Terraform 1.11 leaves actions and list resources out of its own output, and
// asking Terraform means building, installing and possibly downloading; this
// program asks the protocol-6 server directly, so `make docs` works offline and
// documents every kind of object: provider configuration, resources, data
// sources, ephemeral resources, actions, list resources, functions and
// resource identities.
//
//	go run ./tools/schemajson [-o FILE] [-address ADDR]
//
// `-address contactcenter` keys the provider by its short name, which is what
// tfplugindocs v0.25 looks up in a --providers-schema file (it tries only
// "contactcenter" and "registry.terraform.io/hashicorp/contactcenter").
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// defaultAddress is the provider's source address (DESIGN §5).
const defaultAddress = "registry.terraform.io/contactcenter/contactcenter"

func main() {
	out := flag.String("o", "-", "file to write (- for standard output)")
	address := flag.String("address", defaultAddress, "key of the provider in provider_schemas")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "schemajson: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	if err := run(context.Background(), *out, *address); err != nil {
		fmt.Fprintf(os.Stderr, "schemajson: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, out, address string) error {
	server, err := providerserver.NewProtocol6WithError(provider.New("dev")())()
	if err != nil {
		return fmt.Errorf("starting the provider server: %w", err)
	}
	schemas, err := providerSchemas(ctx, server, address)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(schemas, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the schemas: %w", err)
	}
	data = append(data, '\n')
	if out == "-" {
		_, err = io.Writer(os.Stdout).Write(data)
		return err
	}
	return os.WriteFile(out, data, 0o600)
}
