// The version: the header's macros agree with one another, with the
// archive (fc_version) and with the build's project version, which CMake
// reads from the header (FCT_PROJECT_VERSION, passed by tests/CMakeLists.txt).
// tests/host_install.cmake checks the installed package config and
// fastcrypt.pc against the same version.
#include <gtest/gtest.h>

#include <string>

#include "fastcrypt.h"

TEST(Version, HeaderArchiveAndBuildAgree) {
  const std::string composed = std::to_string(FC_VERSION_MAJOR) + "." +
                               std::to_string(FC_VERSION_MINOR) + "." +
                               std::to_string(FC_VERSION_PATCH);
  EXPECT_EQ(composed, FC_VERSION_STRING);
  ASSERT_NE(fc_version(), nullptr);
  EXPECT_EQ(std::string(fc_version()), FC_VERSION_STRING);
  EXPECT_EQ(std::string(FCT_PROJECT_VERSION), FC_VERSION_STRING);
}
