#pragma once

#include "core/errors/diagnosis.h"

#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

// The fields of a diagnosis's JSON form, in key order, handed to visit(key, value) with a
// QString, bool or QStringList value: Diagnosis::toJson() builds its object from them and the
// command line streams them, so the two forms cannot drift apart.
template<typename Visitor>
void forEachDiagnosisField(const Diagnosis &diagnosis, Visitor &&visit)
{
    visit(u"advice", diagnosis.advice.text());
    visit(u"class", errorClassName(diagnosis.classification.errorClass));
    visit(u"code", diagnosis.error.code);
    visit(u"detail", diagnosis.error.detail);
    visit(u"engine", engineName(diagnosis.engine));
    visit(u"hint", diagnosis.error.hint);
    visit(u"location", diagnosis.error.location);
    visit(u"nature", diagnosis.advice.nature);
    visit(u"next_step", diagnosis.advice.nextStep);
    visit(u"raw", diagnosis.error.raw);
    visit(u"root_cause", diagnosis.error.rootCause);
    visit(u"rule", diagnosis.classification.rule);
    visit(u"suggestions", diagnosis.advice.suggestions);
    visit(u"terminal", diagnosis.classification.terminal);
}

} // namespace sqlmend::core
