#pragma once

#include "core/cases/caserecord.h"

#include <QMetaType>

namespace sqlmend::ui {

// One change a person makes to a stored case, as a value: the widget hands it to the store's
// worker thread, and an undo command keeps the value that reverses it.
struct CaseLibraryEdit
{
    enum class Operation { SetKind, SetSql, SetActive, SetNotes, Remove, Restore };

    Operation operation = Operation::SetSql;
    // The case's id and the new value of the field the operation names; Restore puts the whole
    // record back under record.id.
    core::CaseRecord record;
};

} // namespace sqlmend::ui

Q_DECLARE_METATYPE(sqlmend::ui::CaseLibraryEdit)
