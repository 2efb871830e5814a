/* The C baseline of `rules check` on a large catalog: a process that reads the file and pulls
 * every libyaml event, keeping nothing (what EventScan does inside the benchmarks, as a whole
 * process). Benchmarks/run builds it with `cc -O2` and times it against `rules check` on the
 * same generated catalog. */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: events FILE\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 2;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  unsigned char *text = malloc(size > 0 ? size : 1);
  if (!text || fread(text, 1, size, file) != (size_t)size) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  fclose(file);
  yaml_parser_t parser;
  yaml_event_t event;
  long events = 0;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, text, size);
  for (;;) {
    if (!yaml_parser_parse(&parser, &event)) {
      fprintf(stderr, "%s:%zu:%zu: %s\n", argv[1], parser.problem_mark.line + 1,
              parser.problem_mark.column + 1, parser.problem ? parser.problem : "error");
      return 1;
    }
    events++;
    int done = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    if (done) break;
  }
  yaml_parser_delete(&parser);
  free(text);
  printf("%ld events\n", events);
  return 0;
}
