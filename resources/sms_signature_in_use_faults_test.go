package resources_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSMSSignature_inUseThenServiceFails: a signature a template uses is
// destroyed while the network misbehaves. Its delete is refused (code 409,
// templates use it) and tried again for a few seconds; one of those tries
// met a failing service (HTTP 503 at every attempt). The destroy then
// reported only that failure, "retrying later may succeed", and a user
// applying again under the same faults never learnt that templates hold
// the signature. The refusal is reported, with the later failure named
// beside it.
func TestSMSSignature_inUseThenServiceFails(t *testing.T) {
	t.Parallel()
	var deletes atomic.Int64
	env := acctest.NewWithHandler(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/sms/sign/delete") && deletes.Add(1) > 1 {
				http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	c := env.Client(t)
	r := env.Resources(t, "contactcenter_sms_signature")
	config := []any{r.Config(`sign_text = "Acme"`)}
	sig := r.Apply(nil, config)
	id, _ := strconv.ParseInt(r.Decode(sig[0])["id"].(string), 10, 64)
	if _, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Made elsewhere", TemplateContents: "Hi", SignID: id}); err != nil {
		t.Fatal(err)
	}
	want := inOrder("Unable to Delete SMS Signature", "was not deleted.", "code 409", `"Made elsewhere"`,
		"SMS templates still use this signature", "Delete those templates",
		"A later try of the delete failed otherwise", "HTTP 503")
	kept, err := r.TryDestroy(sig)
	if err == nil || !want.MatchString(err.Error()) {
		t.Errorf("destroy of a signature in use, its later tries failing: %v\nwant an error matching %s", err, want)
	}
	if n := deletes.Load(); n < 2 {
		t.Errorf("sign/delete was called %d times: the test did not make a later try fail", n)
	}
	if len(kept) != 1 || kept[0].State == nil {
		t.Fatalf("the refused delete kept %d instances, want the signature", len(kept))
	}
}
