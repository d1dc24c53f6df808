package resources

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// platformNumber is the other number an SMS signature and an SMS template
// each have beside the id the import takes: the SMS platform's (sign_id,
// tpl_id), which send records show, and an easy one to give instead.
type platformNumber[T any] struct {
	kind, field string // "signature", "sign_id"
	find        func(ctx context.Context, c *client.Client, number int64) (*T, error)
	name        func(*T) string
	id          func(*T) int64
}

// importedByPlatformNumber is the read's err, or, when the read of a just
// imported id (the state holds the id only) found nothing and an object
// has that id as its platform number, an error that names the id to
// import. Said here, it costs a call only when the import fails.
func (n platformNumber[T]) importedByPlatformNumber(ctx context.Context, c *client.Client, id types.String, justImported bool, err error) error {
	if !client.IsNotFound(err) || !justImported {
		return err
	}
	if other, ferr := n.find(ctx, c, framework.ID(id)); ferr == nil && other != nil {
		return fmt.Errorf("no SMS %s has the id %s; the %s %q has the %s %s and the id %d: import it as %d",
			n.kind, id.ValueString(), n.kind, n.name(other), n.field, id.ValueString(), n.id(other), n.id(other))
	}
	return err
}

// signatureSignID is a signature's platform number (sign_id).
var signatureSignID = platformNumber[client.SMSSignature]{kind: "signature", field: "sign_id",
	find: func(ctx context.Context, c *client.Client, signID int64) (*client.SMSSignature, error) {
		return c.SMS.FindSignatureBySignID(ctx, signID)
	},
	name: func(sg *client.SMSSignature) string { return string(sg.SignText) },
	id:   func(sg *client.SMSSignature) int64 { return sg.ID.Int64() },
}

// templateTplID is a template's platform number (tpl_id).
var templateTplID = platformNumber[client.SMSTemplate]{kind: "template", field: "tpl_id",
	find: func(ctx context.Context, c *client.Client, tplID int64) (*client.SMSTemplate, error) {
		return c.SMS.FindTemplateByTplID(ctx, tplID)
	},
	name: func(t *client.SMSTemplate) string { return string(t.TplTitle) },
	id:   func(t *client.SMSTemplate) int64 { return t.ID.Int64() },
}
