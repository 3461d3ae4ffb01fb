#include "cli_runner.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <stdexcept>

namespace infertrack::test {
namespace {

std::string
read_all(int fd)
{
  std::string text;
  char buffer[65536];
  ssize_t n;
  while ((n = read(fd, buffer, sizeof buffer)) > 0) {
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

void
write_all(const std::string& path, const std::string& text)
{
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
    throw std::runtime_error("cannot write " + path);
  }
  close(fd);
}

CliResult
run(const std::vector<std::string>& args,
    const std::optional<std::string>& standard_input,
    const CliSurroundings& surroundings = {})
{
  // stdin, stdout and stderr are files, not pipes, so a large output cannot deadlock the child.
  TempDir capture;
  const std::string in_path = capture.file("in").string();
  const std::string out_path = capture.file("out").string();
  const std::string err_path = capture.file("err").string();
  if (standard_input) {
    write_all(in_path, *standard_input);
  }
  const pid_t pid = fork();
  if (pid < 0) {
    throw std::runtime_error("fork failed");
  }
  if (pid == 0) {
    const std::string& out_target =
      surroundings.standard_output.empty() ? out_path : surroundings.standard_output.string();
    const int out = open(out_target.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    if (standard_input) {
      dup2(open(in_path.c_str(), O_RDONLY), STDIN_FILENO);
    }
    if (surroundings.database_variable) {
      setenv("INFERTRACK_DB", surroundings.database_variable->c_str(), 1);
    } else {
      unsetenv("INFERTRACK_DB");
    }
    if (!surroundings.working_directory.empty() && chdir(surroundings.working_directory.c_str()) != 0) {
      _exit(126);
    }
    std::vector<char*> argv;
    std::string exe = INFERTRACK_EXE;
    argv.push_back(exe.data());
    std::vector<std::string> copies = args;
    for (std::string& arg : copies) {
      argv.push_back(arg.data());
    }
    argv.push_back(nullptr);
    execv(exe.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CliResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  const int out = open(out_path.c_str(), O_RDONLY);
  const int err = open(err_path.c_str(), O_RDONLY);
  result.out = read_all(out);
  result.err = read_all(err);
  close(out);
  close(err);
  return result;
}

}  // namespace

CliResult
run_cli(const std::vector<std::string>& args)
{
  return run(args, std::nullopt);
}

CliResult
run_cli(const std::vector<std::string>& args, const std::string& standard_input)
{
  return run(args, standard_input);
}

CliResult
run_cli(const std::vector<std::string>& args, const CliSurroundings& surroundings)
{
  return run(args, std::nullopt, surroundings);
}

}  // namespace infertrack::test
