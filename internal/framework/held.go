package framework

// An edit's step that sends what its plan leaves unchanged as the platform
// holds it: the outbound task, the skill group, the webhook and the SMS
// template each write every field they are sent (projects/updateOrCreate
// §2.7, queue/update §4.6, webhook/updateOrCreate §4.4, template/update
// §4.1), so a field sent as refreshed at plan time put back what the
// portal had changed since, without a word, also under lifecycle {
// ignore_changes }, where the portal owns it.

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/text/unicode/norm"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// HeldName is the name a kind's every edit must send: Attr as the API names
// it (que_name, template_name), for the messages, and Of the name of an
// object as the platform holds it.
type HeldName[T any] struct {
	Attr string
	Of   func(*T) string
}

// SendHeld completes an edit from its one read of the object (held, err):
// keep sets the edit's fields the plan leaves unchanged to held's, and name
// (the edit's name, planned) is sent as held when the plan does not change
// it (nameKept), or when held is the planned name in another Unicode form.
//
// Terraform holds every string composed (NFC), the configuration's and the
// state's alike, so a name the platform holds decomposed ("Cafe" and
// U+0301, as some systems type it in the portal) reaches an update
// composed; an edit that sent it so rewrote it composed, which the
// configuration cannot ask for, nor undo. Only a name with a decomposed
// form (NFD differs: "é", Hangul; not ASCII or Chinese) can be held so.
//
// A read that finds the object gone fails the edit as it is (Steps.Update
// says it was deleted since the plan), and one interrupted (Ctrl-C) fails
// it saying that nothing was sent. Any other failed read fails it when
// the planned name has a decomposed form, before anything is sent: sent as
// planned, the name was rewritten composed, a change the plan did not show
// and no later plan can take back, where the failure costs an apply again
// (the client has retried what it could). Otherwise the edit goes as
// planned, as it did before it read; so does one whose read found nothing
// (held nil, err nil).
func SendHeld[T any, S ~string](held *T, err error, n HeldName[T], name *S, nameKept bool, keep func(*T)) error {
	planned := string(*name)
	decomposable := norm.NFD.String(planned) != planned
	switch {
	case client.IsNotFound(err):
		return err
	case errors.Is(err, context.Canceled):
		// Stopped (Ctrl-C) in the read: the edit, sent with the same
		// context, failed without being sent, and said "The update may or
		// may not have reached the platform".
		return &client.NothingDoneError{Err: fmt.Errorf("the update reads the object before it is sent, and the read was cut off, "+
			"so nothing was updated and applying again is safe: %w", err)}
	case err != nil && decomposable:
		return fmt.Errorf("the edit must send %s, and reading %s as the platform holds it failed, so nothing was sent: "+
			"the planned %s %q has another Unicode form (decomposed) the platform may hold, and sending it as planned would rewrite the platform's %s. "+
			"Apply again once the read succeeds: %w", n.Attr, n.Attr, n.Attr, planned, n.Attr, err)
	case err != nil || held == nil:
		return nil // the edit goes as planned
	}
	keep(held)
	h := n.Of(held)
	if nameKept || InAnotherForm(h, planned) {
		*name = S(h)
	}
	return nil
}

// InAnotherForm tells a value held (by the platform) that is planned in
// another Unicode form: planned has a decomposed form (NFD differs) and
// both compose (NFC) to the same text. It is the rule by which an edit
// sends a name as held (SendHeld), and by which a read-back is not taken
// for another value (ReadBackDiffers): Terraform holds every string
// composed, so it cannot tell the two apart, nor a configuration ask for
// either.
func InAnotherForm(held, planned string) bool {
	return norm.NFD.String(planned) != planned && norm.NFC.String(held) == norm.NFC.String(planned)
}

// KeepHeld sets *dst to held when the plan leaves the field unchanged: one
// line of an edit's keep (SendHeld).
func KeepHeld[V any](unchanged bool, dst *V, held V) {
	if unchanged {
		*dst = held
	}
}

// KeepUnset sets *dst to held when the edit leaves the field out (nil): a
// setting optional on update that the plan does not change, sent as held.
func KeepUnset[V any](dst **V, held V) {
	if *dst == nil {
		*dst = &held
	}
}
