"""The published results (1.4.4, "view results"; 1.4.3): the events processed in a month, by
region, club and grade, each with its public awards, on a page and in the API; and the
Centre's report of a national event as processed. Reads only."""
