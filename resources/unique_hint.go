package resources

import "fmt"

// replacingHint completes the hint of a create refused because a unique
// value is taken where refusedHint does not say it: a skill group's
// que_num, which the plan does not check and no import finds by.
// The value may be held by the very object this create replaces: under
// lifecycle { create_before_destroy = true } (and -replace with it) the new
// object is created first and the old one deleted after, so the old one
// still holds it, and the advice to import "the other" object named the
// resource's own.
func replacingHint(value string) string {
	return fmt.Sprintf(". If this create replaces this resource's own object under lifecycle { create_before_destroy = true }, "+
		"that object still holds the %[1]s until it is deleted after the create: remove create_before_destroy from this resource "+
		"(Terraform also applies it when a resource that depends on this one sets it), or change the %[1]s in the same apply. "+
		"If this configuration holds that object at another address that this apply deletes (a for_each key or a resource name changed "+
		"without a moved block), do not import it: a moved block from the old address to the new one keeps it as it is", value)
}
