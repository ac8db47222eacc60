// Imports: a CSV file validated whole, then written as a job (all rows or none) through the reception.
