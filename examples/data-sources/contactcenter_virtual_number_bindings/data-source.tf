# The trunk numbers behind one virtual number.
data "contactcenter_virtual_number_bindings" "main" {
  virtual = "17000000001"
}

output "bound_trunks" {
  value = data.contactcenter_virtual_number_bindings.main.trunk_numbers
}
